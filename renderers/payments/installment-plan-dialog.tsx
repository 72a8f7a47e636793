import { useEffect, useState } from 'react';
import { Alert, CloseButton, DataList, Dialog, Portal, Skeleton, Text } from '@chakra-ui/react';
import { formatDate, formatMoney, formatPhoneDisplay } from '../../engine/index.ts';
import { errorMessage } from '../../api/api-error.ts';
import type { SuccessOf } from '../../api/run.ts';
import { DialogForm } from '../dialog/dialog-form.tsx';
import { useEdition } from '../form/use-definition-form.ts';
import { usePageContext } from '../page/page-context.ts';
import { run } from '../session/run.ts';
import { toaster } from '../shell/toaster.tsx';

type FinanceQuote = NonNullable<SuccessOf<'getFinanceQuote'>>;
type Loaded = { status: 'loading' } | { status: 'ready'; quote: FinanceQuote } | { status: 'error'; message: string };

/**
 * Spec 000: 'INSTALLMENT PLAN for Policy# {number}': the finance quote (spec 002 'Premium finance quote') and
 * its acceptance with the payer's typed full name (the finance-acceptance form: 'Please enter full name.').
 */
export function InstallmentPlanDialog({ policyId, policyNumber, onClose }: { policyId: string; policyNumber: string; onClose: (accepted: boolean) => void }) {
  const edition = useEdition();
  const page = usePageContext();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [accepted, setAccepted] = useState(false);
  useEffect(() => {
    let live = true;
    run('getFinanceQuote', { params: { policyId } })
      .then((quote) => live && quote && setLoaded({ status: 'ready', quote }))
      .catch((error: unknown) => live && setLoaded({ status: 'error', message: errorMessage(error) }));
    return () => {
      live = false;
    };
  }, [policyId]);
  const money = (value: string) => formatMoney(Number(value), edition);
  const close = () => onClose(accepted);

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && close()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="installment-plan-dialog">
            <Dialog.Header>
              <Dialog.Title>{`INSTALLMENT PLAN for Policy# ${policyNumber}`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="0">
              {loaded.status === 'loading' && <Skeleton height="40" />}
              {loaded.status === 'error' && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{loaded.message}</Alert.Title>
                </Alert.Root>
              )}
              {loaded.status === 'ready' && (
                <>
                  <DataList.Root orientation="horizontal" size="sm" data-testid="finance-quote">
                    {([
                      ['Finance Quote Number', loaded.quote.FinanceQuoteNumber],
                      ['Premium Finance Company', loaded.quote.financerName],
                      ['Total Premium', money(loaded.quote.TotalPremium)],
                      ['Down Payment', money(loaded.quote.DownPayment)],
                      ['Amount Financed', money(loaded.quote.AmountFinanced)],
                      ['APR', `${loaded.quote.APR}%`],
                      ['Number of Installments', String(loaded.quote.NumberOfInstallments)],
                      ['Installment Amount', money(loaded.quote.InstallmentAmount)],
                      ['Finance Charge', money(loaded.quote.FinanceCharge)],
                      ['Total Payment Amount', money(loaded.quote.TotalPaymentAmount)],
                      ['First Installment', formatDate(loaded.quote.schedule[0]?.dueDate ?? loaded.quote.FirstInstallmentDue, edition.locale)],
                      ['Producer', `${loaded.quote.producer.name} (${loaded.quote.producer.contactName}, ${formatPhoneDisplay(loaded.quote.producer.phone, edition.phone.countryCode)})`],
                    ] as Array<[string, string]>).map(([label, value]) => (
                      <DataList.Item key={label}>
                        <DataList.ItemLabel minW="48">{label}</DataList.ItemLabel>
                        <DataList.ItemValue>{value}</DataList.ItemValue>
                      </DataList.Item>
                    ))}
                  </DataList.Root>
                  <Text mt="3" fontSize="sm" color="fg.muted">
                    {`Monthly installments are paid to the premium finance company. You may disaffirm this agreement within ${loaded.quote.disaffirmDays} days; full payment is then due within ${loaded.quote.disaffirmedPaymentDays} days.`}
                  </Text>
                </>
              )}
            </Dialog.Body>
            {loaded.status === 'ready' && loaded.quote.status === 'OFFERED' && (
              <DialogForm
                definition={page.form('finance-acceptance')}
                edition={edition}
                context={page.rules}
                initialData={{ policyId }}
                onClose={() => onClose(true)}
                onSubmit={async (payload) => {
                  const answer = await run('acceptFinanceQuote', { body: payload as { policyId: string; signature: string } });
                  setAccepted(true);
                  if (answer) toaster.create({ type: 'success', title: answer.message, closable: true });
                }}
              />
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
