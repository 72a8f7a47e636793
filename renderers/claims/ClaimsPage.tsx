import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, HStack, Heading, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { todayIso, type FormDefinition, type ListDefinition, type RuleContext, type TableDefinition, type TableRowAction } from '../../engine/index.ts';
import { errorMessage } from '../../api/api-error.ts';
import { CLAIM_ERRORS } from '../../api/error-catalogue.ts';
import { editionIdAtom } from '../definitions/registry-atoms.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { DefinitionDialog } from '../dialog/DefinitionDialog.tsx';
import { DefinitionTable } from '../table/DefinitionTable.tsx';
import type { Row } from '../table/table-types.ts';
import { personaOfAccountType } from '../session/personas.ts';
import { useCurrentUser, useFeatureFlags, usePermission } from '../session/use-session.ts';
import { toaster } from '../shell/toaster.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import {
  createClaim,
  deleteClaim,
  fileClaim,
  getClaim,
  listClaimAccounts,
  searchClaims,
  updateClaim,
  type Claim,
  type ClaimAccount,
  type ClaimSummary,
} from './claims-api.ts';
import { claimFields } from './claim-errors.ts';

/** The definitions this page shows. */
export const CLAIMS_TABLE_ID = 'claims';
export const CLAIM_FORM_ID = 'claim';

type DialogState =
  | { key: number; mode: 'create'; account: ClaimAccount }
  | { key: number; mode: 'edit'; claim: Claim };

type RowsState = { status: 'loading' | 'ready'; rows: ClaimSummary[] } | { status: 'error'; rows: ClaimSummary[]; message: string };

interface PendingAction {
  action: TableRowAction;
  row: Row;
  busy: boolean;
  error?: string;
}

let dialogKeys = 0;

/** A claim's form data for the dialog: the form's own fields, without nulls and record fields. */
function formData(definition: FormDefinition, claim: Record<string, unknown>): Record<string, unknown> {
  return claimFields(definition, claim) as Record<string, unknown>;
}

/**
 * The agency area's claims page (mounted at /agency/claims): the `claims` table definition over the
 * claims the signed-in user may see, 'Report a Claim' opening the `claim` dialog definition, and the
 * table's row actions (edit, File Claim, delete) calling the claim operations. Spec 001 sections 2-5, 8.
 */
export function ClaimsPage() {
  const registry = useRegistry();
  const editionId = useAtomValue(editionIdAtom);
  const edition = registry.edition(editionId);
  const user = useCurrentUser().data;
  const flags = useFeatureFlags();
  const canWrite = usePermission(['claim:write']);
  const table = useMemo(() => registry.resolve<TableDefinition>(CLAIMS_TABLE_ID, editionId), [registry, editionId]);
  const form = useMemo(() => registry.resolve<FormDefinition>(CLAIM_FORM_ID, editionId), [registry, editionId]);
  const lists = useCallback(
    (id: string) => (registry.get(id)?.kind === 'list' ? registry.resolve<ListDefinition>(id, editionId) : undefined),
    [registry, editionId],
  );
  const [today] = useState(todayIso);
  const persona = personaOfAccountType(user?.account.accountType)?.id;
  const roleId = user?.role.id;
  const context = useMemo<RuleContext>(() => ({ edition: editionId, persona, role: roleId, flags, today }), [editionId, persona, roleId, flags, today]);

  const [state, setState] = useState<RowsState>({ status: 'loading', rows: [] });
  const loads = useRef<AbortController | null>(null);
  const reload = useCallback(async () => {
    loads.current?.abort();
    const controller = new AbortController();
    loads.current = controller;
    setState((current) => ({ status: 'loading', rows: current.rows }));
    try {
      const rows = await searchClaims(controller.signal);
      if (!controller.signal.aborted) setState({ status: 'ready', rows });
    } catch (error) {
      if (!controller.signal.aborted) setState((current) => ({ status: 'error', rows: current.rows, message: errorMessage(error) }));
    }
  }, []);
  useEffect(() => {
    void reload();
    return () => loads.current?.abort();
  }, [reload]);

  const [accounts, setAccounts] = useState<ClaimAccount[]>();
  const [accountId, setAccountId] = useState('');
  useEffect(() => {
    if (!canWrite) return undefined;
    let live = true;
    listClaimAccounts()
      .then((found) => {
        if (!live) return;
        setAccounts(found);
        if (found.length === 1) setAccountId(found[0]!.id);
      })
      .catch(() => live && setAccounts([]));
    return () => {
      live = false;
    };
  }, [canWrite]);
  const account = accounts?.find((candidate) => candidate.id === accountId);

  const [dialog, setDialog] = useState<DialogState>();
  const [pending, setPending] = useState<PendingAction>();

  const openEdit = useCallback(async (claimId: string) => {
    try {
      const claim = await getClaim(claimId);
      setDialog({ key: ++dialogKeys, mode: 'edit', claim });
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error), closable: true });
    }
  }, []);

  const onRowAction = (action: TableRowAction, row: Row) => {
    const claimId = String(row[table.rowKey] ?? '');
    if (action.dialog === CLAIM_FORM_ID) {
      void openEdit(claimId);
      return;
    }
    if (action.operation) setPending({ action, row, busy: false });
  };

  /** Runs a confirmed row action: File Claim or delete. */
  const confirmPending = async () => {
    if (!pending) return;
    const { action, row } = pending;
    const claimId = String(row[table.rowKey] ?? '');
    setPending({ ...pending, busy: true, error: undefined });
    try {
      if (action.operation === 'fileClaim') {
        const filed = await fileClaim(claimId);
        toaster.create({ type: 'success', title: filed.claimNumber ? `Claim ${filed.claimNumber} filed` : 'Claim filed', closable: true });
      } else if (action.operation === 'deleteClaim') {
        await deleteClaim(claimId);
        toaster.create({ type: 'success', title: 'Claim deleted', closable: true });
      } else {
        throw new Error(`${action.operation} is not available here`);
      }
      setPending(undefined);
      void reload();
    } catch (error) {
      const failure = action.operation === 'deleteClaim' ? CLAIM_ERRORS.delete : CLAIM_ERRORS.save;
      const detail = errorMessage(error);
      setPending({ ...pending, busy: false, error: detail && detail !== failure ? `${failure}. ${detail}` : failure });
    }
  };

  const submit = async (payload: Record<string, unknown>) => {
    if (!dialog) return;
    const body = claimFields(form, payload);
    if (dialog.mode === 'create') {
      const created = await createClaim(dialog.account.id, body);
      toaster.create({ type: 'success', title: 'Claim saved', description: 'You can keep editing it, or file it from the list.', closable: true });
      void reload();
      // Spec 001 section 4: saving a new claim creates it and switches the dialog to edit mode.
      setDialog({ key: ++dialogKeys, mode: 'edit', claim: created });
      return;
    }
    await updateClaim(dialog.claim.id, body);
    // Saving an existing claim updates it, then reads its status.
    const fresh = await getClaim(dialog.claim.id).catch(() => undefined);
    toaster.create({ type: 'success', title: fresh?.isFiled ? 'Filed claim updated' : 'Claim saved', closable: true });
    void reload();
  };

  const closeDialog = (key: number) => setDialog((current) => (current?.key === key ? undefined : current));
  const pendingLabel = pending?.action.operation === 'deleteClaim' ? 'Delete' : pending?.action.label ?? '';

  return (
    <Stack gap="5" data-testid="claims-page">
      <HStack justify="space-between" align="end" wrap="wrap" gap="4">
        <Box>
          <Heading as="h1" size="2xl">
            {table.title ?? 'Claims'}
          </Heading>
          <Text color="fg.muted" mt="1">
            Report a claim for a client, save it as you go, and file it when it is complete.
          </Text>
        </Box>
        {canWrite && (
          <HStack gap="3" align="end">
            {accounts && accounts.length > 1 && (
              <Stack gap="1">
                <chakra.label htmlFor="claim-account" fontSize="sm" fontWeight="medium">
                  Client account
                </chakra.label>
                <NativeSelect.Root size="sm" width="64">
                  <NativeSelect.Field id="claim-account" value={accountId} onChange={(event) => setAccountId(event.target.value)} bg="bg">
                    <option value="">Select an account</option>
                    {accounts.map((candidate) => (
                      <option key={candidate.id} value={candidate.id}>
                        {candidate.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Stack>
            )}
            <Button
              colorPalette="blue"
              disabled={!account}
              title={accounts && accounts.length === 0 ? 'There is no client account to report a claim for' : undefined}
              onClick={() => account && setDialog({ key: ++dialogKeys, mode: 'create', account })}
            >
              Report a Claim
            </Button>
          </HStack>
        )}
      </HStack>

      {state.status === 'error' && (
        <Alert.Root status="error" data-testid="claims-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{state.message}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void reload()}>
            Try again
          </Button>
        </Alert.Root>
      )}

      <DefinitionTable
        definition={table}
        rows={state.rows as unknown as Row[]}
        edition={edition}
        lists={lists}
        loading={state.status === 'loading'}
        onRowAction={canWrite ? onRowAction : undefined}
      />

      {dialog && (
        <DefinitionDialog
          key={dialog.key}
          definition={form}
          edition={edition}
          context={context}
          initialData={dialog.mode === 'create' ? { companyName: dialog.account.name } : formData(form, dialog.claim)}
          open
          onClose={() => closeDialog(dialog.key)}
          onSubmit={submit}
        />
      )}

      {pending && (
        <ConfirmDialog
          title={pending.action.label}
          text={pending.action.confirm ?? `${pending.action.label}?`}
          confirmLabel={pendingLabel}
          destructive={pending.action.operation === 'deleteClaim'}
          busy={pending.busy}
          error={pending.error}
          onConfirm={() => void confirmPending()}
          onClose={() => setPending(undefined)}
        />
      )}
    </Stack>
  );
}
