import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Card, HStack, Heading, Image, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import type { SuccessOf } from '../../api/run.ts';
import { announcePageChange } from '../page/page-changes.ts';
import { usePageContext } from '../page/page-context.ts';
import { RecordDialog, type RecordDialogRequest } from '../page/record-dialog.tsx';
import { withDetail } from '../page/save-failure.ts';
import { run } from '../session/run.ts';
import { toaster } from '../shell/toaster.tsx';
import { CONNECTOR_TEXTS } from './connector-texts.ts';
import { useAddendumGate } from './use-addendum-gate.tsx';
import { ClientAccountPicker, useClientAccount } from './use-client-account.tsx';

type ConnectorType = SuccessOf<'listConnectorTypes'>['content'][number];
type Catalogue = { status: 'loading' } | { status: 'ready'; types: ConnectorType[] } | { status: 'error'; message: string };

/** The credential form of each way of connecting (definitions/forms/connector-*.json). */
const FORMS = { token: 'connector-token', userPassword: 'connector-user-password', apiKey: 'connector-api-key' } as const;
let keys = 0;

/**
 * The catalogue of connector types with their logos (spec 001 section 3): a tool with a sign-in page opens
 * it, a tool with a credential form adds a connection through that form definition (after the privacy
 * addendum), and the others say who sets them up. The page's list of connections below follows what is added.
 */
export function ConnectorCatalogue() {
  const { form, edition } = usePageContext();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { areaBase } = usePageContext();
  const client = useClientAccount();
  const gate = useAddendumGate();
  const [catalogue, setCatalogue] = useState<Catalogue>({ status: 'loading' });
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<RecordDialogRequest>();
  const cbid = client.chosen?.id;

  const load = useCallback((signal?: AbortSignal) => {
    run('listConnectorTypes', { query: cbid ? { cbid } : {}, signal })
      .then((answer) => !signal?.aborted && setCatalogue({ status: 'ready', types: answer.content }))
      .catch((error: unknown) => !signal?.aborted && setCatalogue({ status: 'error', message: errorMessage(error) }));
  }, [cbid]);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const shown = useMemo(() => {
    const types = catalogue.status === 'ready' ? catalogue.types : [];
    const text = filter.trim().toLowerCase();
    return text ? types.filter((entry) => `${entry.name} ${entry.category} ${entry.type}`.toLowerCase().includes(text)) : types;
  }, [catalogue, filter]);

  const selfService = shown.filter((entry) => entry.connect !== null);
  const byTeam = shown.filter((entry) => entry.connect === null);

  const add = async (entry: ConnectorType) => {
    if (!cbid || !entry.connect || entry.connect === 'oauth') return;
    try {
      if (!(await gate.ensureAgreed(cbid))) return;
    } catch (error) {
      toaster.create({ type: 'error', title: withDetail(CONNECTOR_TEXTS.failedToAdd, errorMessage(error)), closable: true });
      return;
    }
    const byKey = entry.connect === 'apiKey';
    setDialog({
      key: ++keys,
      action: { id: `add-${entry.type}`, label: `Add ${entry.name}`, success: CONNECTOR_TEXTS.added, successDetail: entry.name },
      form: { ...form(FORMS[entry.connect]), title: `${entry.name}: ${form(FORMS[entry.connect]).title ?? ''}` },
      mode: 'create',
      params: {},
      query: byKey ? { cbid, connectorType: entry.type } : {},
      initialData: byKey ? {} : { connectorType: entry.type, provider: entry.provider, cbid },
      scope: { route: {} },
    });
  };

  const open = (entry: ConnectorType) => {
    const query = searchParams.get('cbid') ? `?cbid=${encodeURIComponent(searchParams.get('cbid')!)}` : '';
    navigate(`${areaBase}/manage/connectors/${entry.page}${query}`);
  };

  return (
    <Stack gap="4" data-testid="connector-catalogue">
      <HStack justify="space-between" align="end" wrap="wrap" gap="4">
        <ClientAccountPicker list={client.list} chosen={client.chosen} choose={client.choose} label={`Client ${edition.terms.organization ?? 'organization'}`} />
        <Input size="sm" width="64" placeholder="Search connectors" aria-label="Search connectors" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </HStack>
      {client.accounts.status === 'ready' && client.list.length === 0 && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>There is no client account to connect tools for yet.</Alert.Title>
        </Alert.Root>
      )}
      {catalogue.status === 'error' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{catalogue.message}</Alert.Title>
        </Alert.Root>
      )}
      <Heading as="h2" size="md">Add a connector</Heading>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" aria-busy={catalogue.status === 'loading'}>
        {catalogue.status === 'loading' && [0, 1, 2, 3, 4, 5].map((index) => <Skeleton key={index} height="36" rounded="md" />)}
        {selfService.map((entry) => (
          <Card.Root key={entry.type} size="sm" variant="outline" data-testid={`connector-${entry.type}`}>
            <Card.Body gap="2">
              <HStack gap="3" align="start">
                <Image src={entry.logo} alt="" boxSize="10" flexShrink={0} />
                <Box minW="0">
                  <Text fontWeight="semibold">{entry.name}</Text>
                  <Text fontSize="xs" color="fg.muted">{entry.category}</Text>
                </Box>
                <ConnectedBadge count={entry.connected} />
              </HStack>
              <Text fontSize="sm" color="fg.muted">{entry.description}</Text>
            </Card.Body>
            <Card.Footer justifyContent="flex-end">
              <CatalogueAction entry={entry} cbid={cbid} onOpen={open} onAdd={(chosen) => void add(chosen)} />
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
      {byTeam.length > 0 && (
        <Stack gap="2">
          <Heading as="h2" size="md">More tools, set up by our team on request</Heading>
          <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="2">
            {byTeam.map((entry) => (
              <HStack key={entry.type} gap="2" borderWidth="1px" rounded="md" p="2" title={entry.description} data-testid={`connector-${entry.type}`}>
                <Image src={entry.logo} alt="" boxSize="6" flexShrink={0} />
                <Text fontSize="sm" truncate>{entry.name}</Text>
                <ConnectedBadge count={entry.connected} />
              </HStack>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {catalogue.status === 'ready' && shown.length === 0 && <Text color="fg.muted">No connector matches your search.</Text>}
      {gate.element}
      {dialog && (
        <RecordDialog
          key={dialog.key}
          request={dialog}
          onClose={() => setDialog(undefined)}
          onSaved={() => {
            load();
            announcePageChange();
          }}
        />
      )}
    </Stack>
  );
}

function ConnectedBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge colorPalette="green" ms="auto" flexShrink={0}>
      {count === 1 ? 'Connected' : `Connected (${count})`}
    </Badge>
  );
}

function CatalogueAction({ entry, cbid, onOpen, onAdd }: { entry: ConnectorType; cbid?: string; onOpen: (entry: ConnectorType) => void; onAdd: (entry: ConnectorType) => void }) {
  if (!entry.available) return <Text fontSize="sm" color="fg.muted">Not available on this server</Text>;
  if (entry.connect === 'oauth') {
    return (
      <Button size="sm" variant="outline" onClick={() => onOpen(entry)} aria-label={`Open ${entry.name}`}>
        Open
      </Button>
    );
  }
  return (
    <Button size="sm" colorPalette="blue" disabled={!cbid} title={cbid ? undefined : 'Choose a client account first'} onClick={() => onAdd(entry)} aria-label={`Add ${entry.name}`}>
      Add
    </Button>
  );
}
