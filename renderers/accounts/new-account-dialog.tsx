import { useMemo, useState } from 'react';
import { Alert, Button, CloseButton, Dialog, HStack, Portal } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { DIALOG_ID_PREFIX } from '../dialog/dialog-form.tsx';
import { submitBlocked } from '../dialog/submit-blocked.ts';
import { DefinitionForm } from '../form/definition-form.tsx';
import { submitSession } from '../form/submit-session.ts';
import { useFormSession, useSessionSnapshot } from '../form/use-form-session.ts';
import { usePageContext } from '../page/page-context.ts';
import { AddressCheck } from './address-check.tsx';
import { useCreateAccount } from './create-account.ts';

const FORM_ID = 'new-account-search';
const ADD_LABEL = 'Add Account';

/** Fields the search keeps when it starts again (after a 409): what the user chose, not what a pick filled in. */
const KEPT_ON_RETURN = ['accountName', 'state', 'team', 'agency', 'agent'] as const;

/** The lookup page's query (spec 001 section 2: state, account name, city, zip, phone, street, team and region). */
export function lookupQuery(data: Record<string, unknown>, country: string): URLSearchParams {
  const query = new URLSearchParams();
  const put = (name: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  };
  put('state', data.state);
  put('accountName', data.accountName);
  put('city', data.city);
  put('zip', data.zipCode);
  put('phone', data.phone);
  put('street', data.street);
  put('team', data.team);
  put('region', country);
  // The admin's choice of agency and agent comes along, so the lookup page need not ask again.
  put('agency', data.agency);
  put('agent', data.agent);
  return query;
}

/**
 * The New Account button and its two-stage dialog (spec 001 section 4 'New account dialog'). The form is
 * the new-account-search definition: its rules lock the fields by stage, its suggest field searches the
 * accounts as the name is typed and a pick fills the fields and sets the stage to adding. What the
 * definition cannot say is here: the button reads Search or Add Account by stage; Search without a pick
 * goes to the lookup page; Add Account verifies the address and creates; a 409 returns to searching with
 * the server's message; Reset returns to searching.
 */
export function NewAccountButton() {
  const { permissions } = usePageContext();
  const [open, setOpen] = useState(false);
  if (!permissions.has('account:write')) return null;
  return (
    <HStack justify="end">
      <Button colorPalette="blue" onClick={() => setOpen(true)} data-testid="new-account">
        New Account
      </Button>
      {open && <NewAccountDialog onClose={() => setOpen(false)} />}
    </HStack>
  );
}

function NewAccountDialog({ onClose }: { onClose: () => void }) {
  const { form, edition, rules, areaBase } = usePageContext();
  const navigate = useNavigate();
  const definition = form(FORM_ID);
  const [start, setStart] = useState<Record<string, unknown>>({ stage: 'searching' });
  const initial = useMemo(() => start, [start]);
  const session = useFormSession(definition, rules, initial);
  const snapshot = useSessionSnapshot(session);
  const adding = snapshot.state.data.stage === 'adding';
  const flow = useCreateAccount();
  const [message, setMessage] = useState<string>();

  const backToSearching = (keep: Record<string, unknown>, text?: string) => {
    flow.dismissUnverified();
    setMessage(text);
    setStart({ stage: 'searching', ...keep });
  };

  const submit = async () => {
    const payload = submitSession(session, DIALOG_ID_PREFIX);
    if (!payload) return;
    setMessage(undefined);
    if (!adding) {
      // Searching with no pick: the account is entered by hand on the lookup page.
      navigate(`${areaBase}/manage/account/lookup?${lookupQuery(payload, edition.country).toString()}`);
      onClose();
      return;
    }
    const failure = await flow.add(payload);
    if (!failure) return;
    if (failure.status === 409) {
      const data = session.getSnapshot().state.data;
      backToSearching(Object.fromEntries(KEPT_ON_RETURN.filter((field) => data[field] !== undefined).map((field) => [field, data[field]])), failure.message);
      return;
    }
    setMessage(failure.message);
    if (failure.fieldErrors.length > 0) session.setServerErrors(failure.fieldErrors);
  };

  const blocked = submitBlocked(definition.actions ?? {}, snapshot) || flow.busy;
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size={definition.actions?.size ?? 'md'} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`dialog-${FORM_ID}`} data-stage={adding ? 'adding' : 'searching'}>
            <Dialog.Header>
              <Dialog.Title>{definition.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {message && (
                <Alert.Root status="error" mb="4" data-testid="dialog-error">
                  <Alert.Indicator />
                  <Alert.Title>{message}</Alert.Title>
                </Alert.Root>
              )}
              <DefinitionForm key={JSON.stringify(start)} session={session} edition={edition} today={rules.today} idPrefix={DIALOG_ID_PREFIX} columns={1} onSubmit={() => void submit()} />
              {flow.unverified && (
                <div style={{ marginTop: '1rem' }}>
                  <AddressCheck unverified={flow.unverified} busy={flow.busy} onConfirm={() => void flow.confirm().then((failure) => failure && setMessage(failure.message))} />
                </div>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" me="auto" onClick={() => backToSearching({})} disabled={flow.busy} data-testid="dialog-reset">
                Reset
              </Button>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={flow.busy}>
                  {definition.actions?.cancelLabel ?? 'Cancel'}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="blue" loading={flow.busy} disabled={blocked} onClick={() => void submit()} data-testid="dialog-submit">
                {adding ? ADD_LABEL : (definition.actions?.submitLabel ?? 'Search')}
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
