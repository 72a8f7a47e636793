import { Dialog, HStack, Portal, Spinner, Text } from '@chakra-ui/react';

/**
 * Covers the page while the server finishes a change the page waits for ('Updating Quote...'): nothing on
 * the page can be used meanwhile, and it cannot be closed; it goes once the wait is over.
 */
export function BusyOverlay({ text }: { text: string }) {
  return (
    <Dialog.Root open role="alertdialog" size="xs" placement="center" closeOnEscape={false} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="busy-overlay" aria-busy="true" aria-label={text}>
            <Dialog.Body py="6">
              <HStack gap="3" justify="center" role="status">
                <Spinner size="md" />
                <Text fontWeight="medium">{text}</Text>
              </HStack>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
