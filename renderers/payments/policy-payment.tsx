import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Card, Field, Heading, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatDate, formatMoney } from '../../engine/index.ts';
import { paymentFailureText } from './payment-failure.ts';
import type { SuccessOf } from '../../api/run.ts';
import { useEdition } from '../form/use-definition-form.ts';
import { announcePageChange, usePageChanges } from '../page/page-changes.ts';
import type { PageComponentProps } from '../page/page-context.ts';
import { run } from '../session/run.ts';
import { toaster } from '../shell/toaster.tsx';
import { BankTransferDialog } from './bank-transfer-dialog.tsx';
import { InstallmentPlanDialog } from './installment-plan-dialog.tsx';
import { PaymentCheckoutDialog } from './payment-checkout-dialog.tsx';

type Payment = NonNullable<SuccessOf<'getPolicyPayment'>>;
type Loaded = { status: 'loading' } | { status: 'ready'; payment: Payment } | { status: 'error'; message: string };

/** While a payment is being processed the page asks again this often, so it turns to paid by itself. */
const PROCESSING_POLL_MS = 3000;

const CARD_CONSENT = "You will pay on our payment processor's secure page, a third party: by continuing you leave this platform to enter your card, and card fees may apply.";

/**
 * The payer's side of a policy's premium (spec 000 /policy/{id}/accountant-payment), by payment status:
 * paid, processed, failed (Make Payment goes back to the options), unpaid or partially paid with PAY IN
 * FULL, a saved payment method, PAY BY e-CHECK, PAY BY CREDIT CARD and ACH/WIRE TRANSFER. The bespoke part
 * of the page: the processor's hosted form and the idempotent charge of a saved method.
 */
export function PolicyPayment({ params }: PageComponentProps) {
  const policyId = typeof params?.policyId === 'string' ? params.policyId : undefined;
  const edition = useEdition();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [retrying, setRetrying] = useState(false);
  const [methodId, setMethodId] = useState('');
  const [busy, setBusy] = useState<'creditCard' | 'bankAccount' | 'saved' | null>(null);
  const [checkout, setCheckout] = useState<{ checkoutId: string; url: string; title: string } | null>(null);
  const [bankDialog, setBankDialog] = useState(false);
  const [planDialog, setPlanDialog] = useState(false);
  // One key per payment attempt: a retried request (a double click, a lost answer) is the same payment.
  const attemptKey = useRef<string | null>(null);

  // Each change asks for the payment again (a new revision); an answer to an older request is dropped.
  const [revision, setRevision] = useState(0);
  const reload = useCallback(() => setRevision((count) => count + 1), []);
  // A change made elsewhere on the page (billing applied a payment) or here: everything reads again.
  usePageChanges(reload);
  useEffect(() => {
    if (!policyId) return undefined;
    let live = true;
    run('getPolicyPayment', { params: { policyId } })
      .then((payment) => live && payment && setLoaded({ status: 'ready', payment }))
      .catch((error: unknown) => live && setLoaded({ status: 'error', message: paymentFailureText(error) }));
    return () => {
      live = false;
    };
  }, [policyId, revision]);

  const status = loaded.status === 'ready' ? loaded.payment.status : null;
  useEffect(() => {
    if (status !== 'Processed') return undefined;
    const timer = setInterval(announcePageChange, PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [status]);

  if (loaded.status === 'loading') return <Skeleton height="48" data-testid="policy-payment-loading" />;
  if (loaded.status === 'error') {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{loaded.message}</Alert.Title>
      </Alert.Root>
    );
  }
  const payment = loaded.payment;
  const money = (value: string) => formatMoney(Number(value), edition);
  const support = edition.contacts.support;
  const afterChange = announcePageChange;

  const openCheckout = async (method: 'creditCard' | 'bankAccount') => {
    setBusy(method);
    try {
      const opened = await run('openPaymentCheckout', { params: { policyId: payment.policyId }, body: { method } });
      if (opened) setCheckout({ checkoutId: opened.checkoutId, url: opened.url, title: method === 'creditCard' ? 'Pay by credit card' : 'Pay by e-check' });
    } catch (error) {
      toaster.create({ type: 'error', title: paymentFailureText(error), closable: true });
    } finally {
      setBusy(null);
    }
  };

  const paySaved = async () => {
    setBusy('saved');
    attemptKey.current ??= crypto.randomUUID();
    try {
      const answer = await run('payPolicy', { params: { policyId: payment.policyId }, body: { paymentMethodId: methodId, idempotencyKey: attemptKey.current } });
      attemptKey.current = null;
      if (answer) toaster.create({ type: answer.transaction.status === 'Failed' ? 'error' : 'success', title: answer.message, closable: true });
      setRetrying(false);
      afterChange();
    } catch (error) {
      // The key is kept: trying again after a lost answer cannot charge twice.
      toaster.create({ type: 'error', title: paymentFailureText(error), closable: true });
    } finally {
      setBusy(null);
    }
  };

  const closeCheckout = () => {
    setCheckout(null);
    setRetrying(false);
    afterChange();
  };

  const view = retrying && payment.status === 'Failed' ? 'Unpaid' : payment.status;
  const number = payment.policyNumber;
  return (
    <Card.Root data-testid="policy-payment" data-status={view}>
      <Card.Body>
        {view === 'Paid' && (
          <Text fontSize="lg" fontWeight="medium" data-testid="payment-message">{`Thank you for making payment for Policy# ${number}.`}</Text>
        )}
        {view === 'Processed' && (
          <Text fontSize="lg" fontWeight="medium" data-testid="payment-message">
            {payment.hasPayment ? `Payment is being processed for Policy# ${number}.` : ''}
          </Text>
        )}
        {view === 'Failed' && (
          <Stack gap="3" align="start">
            <Text fontSize="lg" fontWeight="medium" color="fg.error" data-testid="payment-message">{`Your payment failed for Policy# ${number}.`}</Text>
            {payment.transactions[0]?.failureReason && <Text>{payment.transactions[0].failureReason}</Text>}
            <Text color="fg.muted">{`If you need help, contact support at ${support.email} or ${support.phone}.`}</Text>
            {payment.onlinePayments && (
              <Button colorPalette="blue" onClick={() => setRetrying(true)}>
                Make Payment
              </Button>
            )}
          </Stack>
        )}
        {(view === 'Unpaid' || view === 'Partially Paid') && (
          <Stack gap="5">
            {/* The payer is welcomed; staff and agents looking on see whose premium it is. */}
            <Box>
              <Heading size="md">{payment.onlinePayments ? `Welcome, ${payment.firstName}` : payment.companyName}</Heading>
              <Text color="fg.muted">{payment.onlinePayments ? payment.accountName : `Policy# ${number}`}</Text>
            </Box>
            <Text>{payment.description}</Text>
            <HStack gap="8" wrap="wrap" align="end">
              <Box>
                <Text fontSize="sm" color="fg.muted">Due Date</Text>
                <Text fontWeight="medium">{formatDate(payment.dueDate, edition.locale)}</Text>
              </Box>
              {/* Spec 000: PAY IN FULL is hidden when the premium is financed; the down payment is what is due then. */}
              {payment.financing.financed ? (
                <Box data-testid="down-payment-due">
                  <Text fontSize="sm" color="fg.muted">DOWN PAYMENT</Text>
                  <Text fontSize="2xl" fontWeight="semibold">{money(payment.amountDue)}</Text>
                </Box>
              ) : (
                <Box data-testid="pay-in-full">
                  <Text fontSize="sm" color="fg.muted">{view === 'Partially Paid' ? 'PAY IN FULL (balance)' : 'PAY IN FULL'}</Text>
                  <Text fontSize="2xl" fontWeight="semibold">{money(payment.amountDue)}</Text>
                </Box>
              )}
            </HStack>
            {payment.financing.financed && (
              <Text color="fg.muted">{`Your installment plan ${payment.financing.financeQuoteNumber ?? ''} is accepted: pay the down payment here; the installments are paid to the premium finance company.`}</Text>
            )}
            {!payment.payable && <Text color="fg.muted">{`A policy that is ${payment.policyStatus} cannot be paid online.`}</Text>}
            {payment.payable && payment.onlinePayments && (
              <Stack gap="4">
                {payment.savedMethods.length > 0 && (
                  <HStack gap="3" align="end" wrap="wrap">
                    <Field.Root minW="64" width="auto">
                      <Field.Label>Saved payment method</Field.Label>
                      <NativeSelect.Root size="sm">
                        <NativeSelect.Field value={methodId} onChange={(event) => setMethodId(event.currentTarget.value)}>
                          <option value="">Select Payment Method</option>
                          {payment.savedMethods.map((method) => (
                            <option key={method.id} value={method.id}>{method.label}</option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <Button colorPalette="blue" disabled={!methodId} loading={busy === 'saved'} onClick={() => void paySaved()}>
                      {`Pay ${money(payment.amountDue)}`}
                    </Button>
                  </HStack>
                )}
                <HStack gap="4" align="stretch" wrap="wrap">
                  <Card.Root variant="outline" flex="1" minW="60">
                    <Card.Body gap="2">
                      <Button colorPalette="blue" loading={busy === 'bankAccount'} onClick={() => void openCheckout('bankAccount')}>
                        PAY BY e-CHECK
                      </Button>
                      <Text fontSize="sm" color="fg.muted">Pay from your bank account and avoid card fees.</Text>
                    </Card.Body>
                  </Card.Root>
                  <Card.Root variant="outline" flex="1" minW="60">
                    <Card.Body gap="2">
                      <Button colorPalette="blue" variant="outline" loading={busy === 'creditCard'} onClick={() => void openCheckout('creditCard')}>
                        PAY BY CREDIT CARD
                      </Button>
                      <Text fontSize="sm" color="fg.muted" data-testid="card-consent">{CARD_CONSENT}</Text>
                    </Card.Body>
                  </Card.Root>
                </HStack>
              </Stack>
            )}
            {payment.payable && !payment.onlinePayments && (
              <Text color="fg.muted">Online payment is made by the policyholder. You can pass on the bank details for a transfer.</Text>
            )}
            {payment.payable && payment.financing.offered && !payment.financing.financed && (
              <Card.Root variant="outline" data-testid="installment-plan">
                <Card.Body gap="2">
                  <Heading size="sm">INSTALLMENT PLAN</Heading>
                  <HStack gap="8" wrap="wrap" align="end">
                    <Box>
                      <Text fontSize="sm" color="fg.muted">Down Payment</Text>
                      <Text fontSize="xl" fontWeight="semibold">{money(payment.financing.downPayment)}</Text>
                    </Box>
                    <Text flex="1" minW="60">{`Pay the rest in ${payment.financing.numberOfInstallments} installments through a premium financing provider.`}</Text>
                    <Button variant="outline" onClick={() => setPlanDialog(true)}>
                      View Installment Plan
                    </Button>
                  </HStack>
                </Card.Body>
              </Card.Root>
            )}
            {payment.payable && (
              <Box>
                <Button variant="outline" onClick={() => setBankDialog(true)}>
                  ACH/WIRE TRANSFER
                </Button>
              </Box>
            )}
          </Stack>
        )}
      </Card.Body>
      {checkout && <PaymentCheckoutDialog checkout={checkout} title={checkout.title} onClose={closeCheckout} />}
      {planDialog && (
        <InstallmentPlanDialog
          policyId={payment.policyId}
          policyNumber={number}
          onClose={(accepted) => {
            setPlanDialog(false);
            // The financing-accepted event: the payment record and the amount are read again.
            if (accepted) afterChange();
          }}
        />
      )}
      {bankDialog && (
        <BankTransferDialog amount={money(payment.amountDue)} details={payment.bankDetails} reference={`${number} / ${payment.companyName}`} terms={edition.terms} onClose={() => setBankDialog(false)} />
      )}
    </Card.Root>
  );
}
