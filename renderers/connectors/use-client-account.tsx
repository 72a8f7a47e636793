import { useEffect, useState } from 'react';
import { NativeSelect, Stack, chakra } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { run } from '../session/run.ts';

export interface ClientAccount {
  id: string;
  name: string;
}

type Accounts = { status: 'loading' } | { status: 'ready'; accounts: ClientAccount[] } | { status: 'error' };

/**
 * The client account (cbid) a connector is added for: the caller's own account for a policyholder or an MSSP,
 * a client the agency picks (kept in the address as ?cbid=, so the page's list follows it and a reload keeps it).
 */
export function useClientAccount() {
  const [accounts, setAccounts] = useState<Accounts>({ status: 'loading' });
  const [searchParams, setSearchParams] = useSearchParams();
  useEffect(() => {
    const controller = new AbortController();
    run('listConnectorAccounts', { signal: controller.signal })
      .then((answer) => !controller.signal.aborted && setAccounts({ status: 'ready', accounts: answer.content }))
      .catch(() => !controller.signal.aborted && setAccounts({ status: 'error' }));
    return () => controller.abort();
  }, []);
  const list = accounts.status === 'ready' ? accounts.accounts : [];
  const asked = searchParams.get('cbid');
  const chosen = list.length === 1 ? list[0] : list.find((account) => account.id === asked);
  const choose = (id: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('cbid', id);
      else next.delete('cbid');
      return next;
    }, { replace: true });
  return { accounts, list, chosen, choose };
}

/** The picker, shown only when there is more than one account to choose from. */
export function ClientAccountPicker({ list, chosen, choose, label }: { list: ClientAccount[]; chosen?: ClientAccount; choose: (id: string) => void; label: string }) {
  if (list.length < 2) return null;
  return (
    <Stack gap="1">
      <chakra.label htmlFor="connector-client-account" fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <NativeSelect.Root size="sm" width="72">
        <NativeSelect.Field id="connector-client-account" value={chosen?.id ?? ''} onChange={(event) => choose(event.target.value)} bg="bg">
          <option value="">Select an account</option>
          {list.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}
