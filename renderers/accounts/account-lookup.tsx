import { useMemo, useState } from 'react';
import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearchParams } from 'react-router';
import { submitBlocked } from '../dialog/submit-blocked.ts';
import { DefinitionForm } from '../form/definition-form.tsx';
import { submitSession } from '../form/submit-session.ts';
import { useFormSession, useSessionSnapshot } from '../form/use-form-session.ts';
import { usePageContext } from '../page/page-context.ts';
import { AddressCheck } from './address-check.tsx';
import { useCreateAccount } from './create-account.ts';

const FORM_ID = 'new-account-search';
const ID_PREFIX = 'lookup';

/** The lookup page's query parameters (spec 001 section 2) -> the form's fields. */
const FROM_QUERY: Readonly<Record<string, string>> = {
  state: 'state', accountName: 'accountName', city: 'city', zip: 'zipCode', phone: 'phone', street: 'street', team: 'team', agency: 'agency', agent: 'agent',
};

/**
 * /{persona}/manage/account/lookup: the account the search did not find, entered by hand. The search's
 * values arrive in the address (state, account name, city, zip, phone, street, team and region) and fill
 * the new-account form in its lookup stage, where every field is open and the whole address is asked for.
 * Add Account verifies the address and creates the account as the dialog does.
 */
export function AccountLookup() {
  const { form, edition, rules, areaBase } = usePageContext();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const definition = form(FORM_ID);
  const region = params.get('region');
  const initial = useMemo(() => {
    const data: Record<string, unknown> = { stage: 'lookup' };
    for (const [param, field] of Object.entries(FROM_QUERY)) {
      const value = params.get(param);
      if (value) data[field] = value;
    }
    return data;
  }, [params]);
  const session = useFormSession(definition, rules, initial);
  const snapshot = useSessionSnapshot(session);
  const flow = useCreateAccount();
  const [message, setMessage] = useState<string>();

  const submit = async () => {
    const payload = submitSession(session, ID_PREFIX);
    if (!payload) return;
    setMessage(undefined);
    const failure = await flow.add(payload);
    if (!failure) return;
    setMessage(failure.message);
    if (failure.fieldErrors.length > 0) session.setServerErrors(failure.fieldErrors);
  };

  return (
    <Stack gap="4" maxW="3xl" data-testid="account-lookup">
      {region && region !== edition.country && (
        <Text color="fg.muted">The search was made in another region ({region}); this account is added in {edition.name}.</Text>
      )}
      {message && (
        <Alert.Root status="error" data-testid="form-error">
          <Alert.Indicator />
          <Alert.Title>{message}</Alert.Title>
        </Alert.Root>
      )}
      <Box bg="bg" borderWidth="1px" rounded="md" p="5">
        <DefinitionForm session={session} edition={edition} today={rules.today} idPrefix={ID_PREFIX} onSubmit={() => void submit()}>
          <Stack gap="4" mt="4">
            {flow.unverified && <AddressCheck unverified={flow.unverified} busy={flow.busy} onConfirm={() => void flow.confirm().then((failure) => failure && setMessage(failure.message))} />}
            <HStack justify="end">
              <Button variant="outline" onClick={() => navigate(`${areaBase}/accounts`)} disabled={flow.busy}>
                Cancel
              </Button>
              <Button type="submit" colorPalette="blue" loading={flow.busy} disabled={submitBlocked(definition.actions ?? {}, snapshot) || flow.busy} data-testid="lookup-submit">
                Add Account
              </Button>
            </HStack>
          </Stack>
        </DefinitionForm>
      </Box>
    </Stack>
  );
}
