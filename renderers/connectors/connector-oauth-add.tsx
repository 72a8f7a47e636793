import { useEffect, useState } from 'react';
import { Button, Card, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import type { SuccessOf } from '../../api/run.ts';
import { authorizationUrlOf } from '../../engine/connectors/authorization-url.ts';
import { usePageContext } from '../page/page-context.ts';
import { withDetail } from '../page/save-failure.ts';
import { run } from '../session/run.ts';
import { toaster } from '../shell/toaster.tsx';
import { CONNECTOR_TEXTS } from './connector-texts.ts';
import { rememberHandoff } from './oauth-handoff.ts';
import { useAddendumGate } from './use-addendum-gate.tsx';
import { ClientAccountPicker, useClientAccount } from './use-client-account.tsx';

type OAuthType = 'MICROSOFT' | 'GOOGLE' | 'AWS';
type Entry = SuccessOf<'searchConnectors'>['content'][number];

/**
 * The header of a connector page (spec 001 section 2: Microsoft, Google, AWS): the tool's logo, name and what it
 * reports, the client account, and ADD, which sends the browser to the provider's sign-in (spec 001 section 4)
 * once the privacy addendum is accepted. The connected accounts are the page's table below.
 */
function ConnectorOAuthAdd({ connectorType }: { connectorType: OAuthType }) {
  const { edition } = usePageContext();
  const location = useLocation();
  const client = useClientAccount();
  const gate = useAddendumGate();
  const [entry, setEntry] = useState<Entry>();
  const [busy, setBusy] = useState(false);
  const cbid = client.chosen?.id;

  useEffect(() => {
    const controller = new AbortController();
    run('searchConnectors', { query: { connectorType }, signal: controller.signal })
      .then((answer) => !controller.signal.aborted && setEntry(answer.content[0]))
      .catch(() => undefined);
    return () => controller.abort();
  }, [connectorType]);

  const add = async () => {
    if (!cbid) return;
    setBusy(true);
    try {
      if (!(await gate.ensureAgreed(cbid))) return;
      const metadata = await run('getConnectorOAuthMetadata', { params: { connectorType }, query: { cbid } });
      rememberHandoff(metadata.state, { connectorType, cbid, returnTo: `${location.pathname}${location.search}` });
      window.location.assign(authorizationUrlOf(metadata, cbid));
    } catch (error) {
      toaster.create({ type: 'error', title: withDetail(CONNECTOR_TEXTS.failedToConnect, errorMessage(error)), closable: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card.Root variant="outline" data-testid={`connector-header-${connectorType}`}>
      <Card.Body>
        <HStack gap="4" align="center" wrap="wrap">
          {entry && <Image src={entry.logo} alt="" boxSize="14" />}
          <Stack gap="1" flex="1" minW="60">
            <Text fontWeight="semibold" fontSize="lg">{entry?.name ?? connectorType}</Text>
            {entry && <Text color="fg.muted">{entry.description}</Text>}
          </Stack>
          <HStack gap="3" align="end" wrap="wrap">
            <ClientAccountPicker list={client.list} chosen={client.chosen} choose={client.choose} label={`Client ${edition.terms.organization ?? 'organization'}`} />
            <Button
              colorPalette="blue"
              loading={busy}
              disabled={!cbid || entry?.available === false}
              title={!cbid ? 'Choose a client account first' : entry?.available === false ? 'This connector is not set up on this server.' : undefined}
              onClick={() => void add()}
            >
              ADD
            </Button>
          </HStack>
        </HStack>
      </Card.Body>
      {gate.element}
    </Card.Root>
  );
}

export const MicrosoftConnectorHeader = () => <ConnectorOAuthAdd connectorType="MICROSOFT" />;
export const GoogleConnectorHeader = () => <ConnectorOAuthAdd connectorType="GOOGLE" />;
export const AwsConnectorHeader = () => <ConnectorOAuthAdd connectorType="AWS" />;
