import { Button, Dialog, List, Portal, Text } from '@chakra-ui/react';
import { QUOTE_FLOW_TEXTS } from './quote-texts.ts';

/** Spec 002 section 8: when the social engineering answers rule the endorsement out, this lists why, with Close. */
export function SocialEngineeringUnavailableDialog({ reasons, onClose }: { reasons: string[]; onClose: () => void }) {
  return (
    <Dialog.Root open role="alertdialog" size="md" onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="social-engineering-unavailable">
            <Dialog.Header>
              <Dialog.Title>{QUOTE_FLOW_TEXTS.socialEngineeringUnavailable}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="2">{QUOTE_FLOW_TEXTS.socialEngineeringUnavailableIntro}</Text>
              <List.Root ps="5">
                {reasons.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>Close</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
