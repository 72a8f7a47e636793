import { useEffect, useState } from 'react';
import { Alert, Box, Button, CloseButton, Dialog, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../api/api-error.ts';
import type { SuccessOf } from '../../api/run.ts';
import { run } from '../session/run.ts';

type Transaction = NonNullable<NonNullable<SuccessOf<'getPaymentCheckout'>>['transaction']>;

/** How often the dialog asks the server whether the hosted form produced a payment. */
const POLL_MS = 1500;

/**
 * The processor's hosted payment form in a dialog (spec 000: PAY BY CREDIT CARD and PAY BY e-CHECK go
 * through a third-party processor). The card or account is typed into the processor's page, never into the
 * console; the dialog asks the console, which asks the processor, until the form produced a payment, then
 * closes and the page reads the payment again.
 */
export function PaymentCheckoutDialog({ checkout, title, onClose }: { checkout: { checkoutId: string; url: string }; title: string; onClose: (transaction: Transaction | null) => void }) {
  const [transaction, setTransaction] = useState<Transaction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await run('getPaymentCheckout', { params: { id: checkout.checkoutId } });
        if (!live) return;
        setProblem(null);
        if (answer?.transaction) {
          setTransaction(answer.transaction);
          return;
        }
        if (answer?.status === 'expired') {
          setProblem('This payment form has expired. Close it and start the payment again.');
          return;
        }
      } catch (error) {
        if (live) setProblem(errorMessage(error));
      }
      if (live) timer = setTimeout(() => void ask(), POLL_MS);
    };
    timer = setTimeout(() => void ask(), POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [checkout.checkoutId]);

  // The processor's page says what happened; the console closes a moment later and shows the outcome itself.
  useEffect(() => {
    if (!transaction) return undefined;
    const timer = setTimeout(() => onClose(transaction), 1200);
    return () => clearTimeout(timer);
  }, [transaction, onClose]);

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose(transaction)} size="md" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="payment-checkout-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {problem && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Title>{problem}</Alert.Title>
                  </Alert.Root>
                )}
                <Box position="relative" borderWidth="1px" borderRadius="md" overflow="hidden" minH="560px">
                  {!loaded && (
                    <Stack position="absolute" inset="0" align="center" justify="center">
                      <Spinner />
                      <Text color="fg.muted">Opening the secure payment form…</Text>
                    </Stack>
                  )}
                  <iframe
                    src={checkout.url}
                    title="Secure payment form"
                    onLoad={() => setLoaded(true)}
                    style={{ width: '100%', height: '560px', border: '0', display: 'block' }}
                  />
                </Box>
                <Text fontSize="sm" color="fg.muted">
                  {transaction ? 'Payment received by the processor. Updating your payment…' : 'Your card or bank details go to the payment processor only; we never see or store them.'}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onClose(transaction)}>
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
