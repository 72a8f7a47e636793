import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, CloseButton, Dialog, List, Portal, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { formatMoney, type Edition, type FormDefinition, type RuleContext } from '../../engine/index.ts';
import type { components } from '../../api/schema.d.ts';
import { isApiError } from '../../api/api-error.ts';
import { DefinitionForm } from '../form/definition-form.tsx';
import { submitSession } from '../form/submit-session.ts';
import { useFormSession } from '../form/use-form-session.ts';
import { run } from '../session/run.ts';
import { toaster } from '../shell/toaster.tsx';
import { bulkRequestOf, needsRetailAgent, refusalReasons, type CartAccount, type Requester } from './bulk-request.ts';
import { QUOTE_FLOW_TEXTS } from './quote-texts.ts';

type CartQuote = components['schemas']['Quote'];

const RETAIL_PREFIX = 'cart-retail';
const NO_DATA: Record<string, unknown> = {};

interface QuoteCartDialogProps {
  account: CartAccount;
  agent: Requester;
  edition: Edition;
  context: RuleContext;
  /** The retail agent form (cart-retail-agent), asked for a Florida account. */
  retailAgentForm: FormDefinition;
  onClose: () => void;
  /** The cart changed (its count, for the button that opens it). */
  onCount: (count: number) => void;
  /** The quotes were requested: the flow goes on to the quotes list. */
  onRequested: () => void;
}

type Refusal = { title: string; reasons: string[] };

/**
 * The quote cart ('List of Quotes to Request', spec 002 sections 2, 4 and 8): the account's variations in a
 * table, each removable; Request Above Quotes requests them all with the agent's details (and the retail
 * agent in Florida). After success the cart is cleared, the dialog closes and the flow goes on. A refusal sends
 * nothing: the dialog stays open with each reason and the cart as the server now holds it.
 */
export function QuoteCartDialog({ account, agent, edition, context, retailAgentForm, onClose, onCount, onRequested }: QuoteCartDialogProps) {
  const [cart, setCart] = useState<CartQuote[]>();
  const [limit, setLimit] = useState<number>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const florida = needsRetailAgent(account);
  const retailSession = useFormSession(retailAgentForm, context, NO_DATA);
  const retention = edition.terms.Retention ?? 'Retention';
  const money = useCallback((value: string) => formatMoney(Number(value), edition), [edition]);

  const show = useCallback(
    (content: CartQuote[], cartLimit?: number) => {
      setCart(content);
      if (cartLimit !== undefined) setLimit(cartLimit);
      onCount(content.length);
    },
    [onCount],
  );

  useEffect(() => {
    const controller = new AbortController();
    run('getQuoteCart', { query: { accountId: account.id }, signal: controller.signal })
      .then((answer) => show(answer.content, answer.limit))
      .catch(() => !controller.signal.aborted && setLoadFailed(true));
    return () => controller.abort();
  }, [account.id, show]);

  const remove = async (id: string) => {
    setBusy(true);
    try {
      const answer = await run('removeQuoteFromCart', { params: { id } });
      show(answer.content.filter((quote) => quote.accountId === account.id), answer.limit);
    } catch {
      toaster.create({ type: 'error', title: QUOTE_FLOW_TEXTS.cartRemoveFailed, closable: true });
    } finally {
      setBusy(false);
    }
  };

  const requestAll = async () => {
    if (!cart?.length) return;
    const retailAgent = florida ? submitSession(retailSession, RETAIL_PREFIX) : undefined;
    if (florida && !retailAgent) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const answer = await run('requestCartQuotes', { body: bulkRequestOf(cart.map((quote) => quote.id), account, agent, retailAgent) });
      toaster.create({ type: 'success', title: answer.message || QUOTE_FLOW_TEXTS.sent, closable: true });
      show([]);
      onClose();
      onRequested();
    } catch (error) {
      const reasons = isApiError(error) ? refusalReasons(error.body, cart) : [];
      setRefusal({ title: QUOTE_FLOW_TEXTS.sendFailed, reasons: reasons.length ? reasons : [error instanceof Error ? error.message : String(error)] });
      // Nothing was sent, but the cart may have changed meanwhile (a variation removed in another tab): show what
      // it holds now, so the next request is not refused for the same quote again.
      await run('getQuoteCart', { query: { accountId: account.id } })
        .then((answer) => show(answer.content, answer.limit))
        .catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  const rows = useMemo(() => cart ?? [], [cart]);
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="quote-cart">
            <Dialog.Header>
              <Dialog.Title>{QUOTE_FLOW_TEXTS.cartTitle}</Dialog.Title>
              {/* What the limit counts: this client's variations, the list Request Above Quotes sends. */}
              {cart && limit !== undefined && (
                <Text fontSize="sm" color="fg.muted" data-testid="cart-count">
                  {QUOTE_FLOW_TEXTS.cartCount(cart.length, limit)}
                </Text>
              )}
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {refusal && (
                  <Alert.Root status="error" data-testid="cart-refusal">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{refusal.title}</Alert.Title>
                      <Alert.Description>
                        <Text>{QUOTE_FLOW_TEXTS.sendFailedReasons}</Text>
                        <List.Root ps="4">
                          {refusal.reasons.map((reason) => (
                            <List.Item key={reason}>{reason}</List.Item>
                          ))}
                        </List.Root>
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
                {loadFailed ? (
                  <Alert.Root status="error" data-testid="cart-error">
                    <Alert.Indicator />
                    <Alert.Title>{QUOTE_FLOW_TEXTS.cartGetFailed}</Alert.Title>
                  </Alert.Root>
                ) : !cart ? (
                  <Stack gap="2" role="status" aria-label="Loading">
                    <Skeleton height="8" />
                    <Skeleton height="8" />
                  </Stack>
                ) : rows.length === 0 ? (
                  <Text color="fg.muted">{QUOTE_FLOW_TEXTS.cartEmpty}</Text>
                ) : (
                  <Box borderWidth="1px" rounded="md" overflowX="auto">
                    <Table.Root size="sm" aria-label={QUOTE_FLOW_TEXTS.cartTitle}>
                      <Table.Header>
                        <Table.Row bg="bg.muted">
                          <Table.ColumnHeader>Quote Number</Table.ColumnHeader>
                          <Table.ColumnHeader>Product</Table.ColumnHeader>
                          <Table.ColumnHeader>Preset</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">Aggregate Limit</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">{retention}</Table.ColumnHeader>
                          <Table.ColumnHeader>Effective Date</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">Total Premium</Table.ColumnHeader>
                          <Table.ColumnHeader>
                            <Text srOnly>Actions</Text>
                          </Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {rows.map((quote) => (
                          <Table.Row key={quote.id}>
                            <Table.Cell>{quote.quoteNumber}</Table.Cell>
                            <Table.Cell>{quote.product}</Table.Cell>
                            <Table.Cell>{quote.preset ?? 'CUSTOM'}</Table.Cell>
                            <Table.Cell textAlign="end">{money(quote.aggLimit)}</Table.Cell>
                            <Table.Cell textAlign="end">{money(quote.deductible)}</Table.Cell>
                            <Table.Cell>{quote.effectiveDate}</Table.Cell>
                            <Table.Cell textAlign="end">{money(quote.totalPremium)}</Table.Cell>
                            <Table.Cell textAlign="end">
                              <Button size="xs" variant="outline" colorPalette="red" disabled={busy} onClick={() => void remove(quote.id)} aria-label={`Remove ${quote.quoteNumber}`}>
                                Remove
                              </Button>
                            </Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Box>
                )}
                {florida && rows.length > 0 && (
                  <Box>
                    <Text fontWeight="medium" mb="2">
                      {retailAgentForm.title}
                    </Text>
                    <DefinitionForm session={retailSession} edition={edition} today={context.today} idPrefix={RETAIL_PREFIX} columns={1} onSubmit={() => void requestAll()} />
                  </Box>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="blue" loading={busy} disabled={busy || rows.length === 0} onClick={() => void requestAll()} data-testid="cart-request">
                {QUOTE_FLOW_TEXTS.requestAll}
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
