import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { announcePageChange } from '../page/page-changes.ts';
import { usePageContext } from '../page/page-context.ts';
import { run } from '../session/run.ts';
import { toaster } from '../shell/toaster.tsx';
import { CONNECTOR_TEXTS } from './connector-texts.ts';
import { forgetHandoff, readHandoff } from './oauth-handoff.ts';

type Outcome = { status: 'working' } | { status: 'failed'; detail: string; returnTo: string } | { status: 'nothing' };

/**
 * Where the provider sends the browser back (the redirect_uri): the code and the state go to the server, which
 * checks the state (this session, once, in time, this client account), exchanges the code and stores the
 * connection; then back to the connector's page with 'Connector added successfully!'. A refusal at the
 * provider, or a failure, says 'Failed to connect, please try again later'.
 */
export function ConnectorOAuthCallback() {
  const { areaBase } = usePageContext();
  const navigate = useNavigate();
  // What the provider sent back, read once as the page opens.
  const [returned] = useState(() => {
    const query = new URLSearchParams(window.location.search);
    const state = query.get('state') ?? '';
    return { state, code: query.get('code'), error: query.get('error'), handoff: state ? readHandoff(state) : null };
  });
  const fallback = `${areaBase}/manage/connectors`;
  const [outcome, setOutcome] = useState<Outcome>(() => {
    if (!returned.handoff) return { status: 'nothing' };
    if (returned.code) return { status: 'working' };
    const detail = returned.error === 'access_denied' ? 'Access was not granted at the provider.' : `The provider answered: ${returned.error ?? 'no code'}.`;
    return { status: 'failed', detail, returnTo: returned.handoff.returnTo || fallback };
  });
  const started = useRef(false);

  useEffect(() => {
    const { handoff, code, state } = returned;
    if (started.current || !handoff) return;
    started.current = true;
    forgetHandoff(state);
    if (!code) return;
    const returnTo = handoff.returnTo || fallback;
    run('completeConnectorOAuth', { params: { connectorType: handoff.connectorType as 'MICROSOFT' | 'GOOGLE' | 'AWS' }, body: { code, state } })
      .then((connection) => {
        announcePageChange();
        toaster.create({ type: 'success', title: CONNECTOR_TEXTS.added, description: `${connection.connectorName}: ${connection.externalName}`, closable: true });
        navigate(returnTo, { replace: true });
      })
      .catch((error: unknown) => setOutcome({ status: 'failed', detail: errorMessage(error), returnTo }));
  }, [returned, fallback, navigate]);

  if (outcome.status === 'working') {
    return (
      <Stack direction="row" gap="3" align="center" data-testid="connector-callback-working">
        <Spinner size="sm" />
        <Text>Completing the connection…</Text>
      </Stack>
    );
  }
  if (outcome.status === 'nothing') {
    return (
      <Alert.Root status="info" data-testid="connector-callback-nothing">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>There is no sign-in to complete here.</Alert.Title>
          <Alert.Description>Connect a tool from the connectors page: its ADD button brings you back here.</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => navigate(`${areaBase}/manage/connectors`)}>
          Connectors
        </Button>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="error" data-testid="connector-callback-failed">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{CONNECTOR_TEXTS.failedToConnect}</Alert.Title>
        <Alert.Description>{outcome.detail}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={() => navigate(outcome.returnTo, { replace: true })}>
        Back
      </Button>
    </Alert.Root>
  );
}
