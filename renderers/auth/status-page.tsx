import { useEffect, useState } from 'react';
import { Alert, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../engine/index.ts';
import { run } from '../session/run.ts';
import { FLAGS } from '../session/constants.ts';
import { useEdition } from '../form/use-definition-form.ts';
import { AuthCard, PageLink, Waiting } from './auth-card.tsx';

type Status =
  | { state: 'checking' }
  | { state: 'down' }
  | { state: 'up'; version: string; since: string; flags: Record<string, boolean> };

/**
 * /status: the console's own status, read live: whether the service answers, since when the running
 * version has been up, and the notices staff have switched on (the e-mail delay incident, maintenance).
 * The incident banner's 'Check Status' links here.
 */
export function StatusPage() {
  const edition = useEdition();
  const [status, setStatus] = useState<Status>({ state: 'checking' });
  useEffect(() => {
    let live = true;
    Promise.all([run('getLatestDeploymentTime'), run('getFeatureFlags')])
      .then(([deployment, flags]) => live && setStatus({ state: 'up', version: deployment.version, since: deployment.time, flags: flags.flags }))
      .catch(() => live && setStatus({ state: 'down' }));
    return () => {
      live = false;
    };
  }, []);

  return (
    <AuthCard title="Service status" testId="status-page">
      {status.state === 'checking' && <Waiting text="Checking the service…" />}
      {status.state === 'down' && (
        <Alert.Root status="error" data-testid="status-down">
          <Alert.Indicator />
          <Alert.Title>The console is not answering at the moment. We are working on it; please try again shortly.</Alert.Title>
        </Alert.Root>
      )}
      {status.state === 'up' && (
        <Stack gap="3">
          {notices(status.flags).length === 0 ? (
            <Alert.Root status="success" data-testid="status-ok">
              <Alert.Indicator />
              <Alert.Title>All systems are operating normally.</Alert.Title>
            </Alert.Root>
          ) : (
            notices(status.flags).map((notice) => (
              <Alert.Root key={notice} status="warning" data-testid="status-notice">
                <Alert.Indicator />
                <Alert.Title>{notice}</Alert.Title>
              </Alert.Root>
            ))
          )}
          <Text color="fg.muted" fontSize="sm">
            Version {status.version}, running since {formatDateTime(status.since, edition.locale)}.
          </Text>
        </Stack>
      )}
      <PageLink to="/login">Back to sign in</PageLink>
    </AuthCard>
  );
}

/** The notices the feature flags stand for, in the words users see. */
function notices(flags: Record<string, boolean>): string[] {
  const found: string[] = [];
  if (flags[FLAGS.incidentBanner]) found.push('E-mail delivery is delayed: messages from the console may take longer than usual to arrive.');
  if (flags[FLAGS.maintenance] || flags[FLAGS.maintenanceUs] || flags[FLAGS.maintenanceUk]) found.push('Scheduled maintenance is in progress: the console is unavailable until it ends.');
  return found;
}
