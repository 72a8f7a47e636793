import { Button, Dialog, List, Portal, Text } from '@chakra-ui/react';

/**
 * What an answer said instead of a plain success, with Close: a text and the lines under it (spec 002 section 8:
 * when the social engineering answers rule the endorsement out, the 'unavailable' dialog lists why).
 */
export function OutcomeDialog({ title, text, items, onClose }: { title: string; text: string; items: string[]; onClose: () => void }) {
  return (
    <Dialog.Root open role="alertdialog" size="md" onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="outcome-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="2">{text}</Text>
              <List.Root ps="5">
                {items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
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
