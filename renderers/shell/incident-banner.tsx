import { useState } from 'react';
import { Alert, Button, HStack } from '@chakra-ui/react';
import { FLAGS, LINKS, STORAGE_KEYS } from '../session/constants.ts';
import { useFeatureFlag } from '../session/use-session.ts';

/** The incident banner (feature flag 'incident-banner'): e-mail delays, with Check Status and Dismiss. */
export function IncidentBanner() {
  const on = useFeatureFlag(FLAGS.incidentBanner);
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(STORAGE_KEYS.incidentDismissed) === 'true');
  if (!on || dismissed) return null;
  const dismiss = () => {
    sessionStorage.setItem(STORAGE_KEYS.incidentDismissed, 'true');
    setDismissed(true);
  };
  return (
    <Alert.Root status="warning" borderRadius="0" data-testid="incident-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Emails from the console may be delayed.</Alert.Title>
        <Alert.Description>We are working with our email provider to restore normal delivery.</Alert.Description>
      </Alert.Content>
      <HStack gap="2">
        <Button size="xs" variant="outline" asChild>
          <a href={LINKS.statusPage} target="_blank" rel="noreferrer">
            Check Status
          </a>
        </Button>
        <Button size="xs" variant="ghost" onClick={dismiss}>
          Dismiss
        </Button>
      </HStack>
    </Alert.Root>
  );
}
