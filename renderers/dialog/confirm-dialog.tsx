import { Alert, Button, Dialog, Portal, Text } from '@chakra-ui/react';

/**
 * Asks before something goes ahead: a row action's operation (the table definition's `confirm` text), a save a
 * pre-check says needs one, closing a form with changes. While the call runs the buttons are disabled; a
 * failure shows in the dialog, which stays open.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy,
  error,
  destructive,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  busy: boolean;
  error?: string;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open role="alertdialog" size="sm" onOpenChange={(details) => !details.open && !busy && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{text}</Text>
              {error && (
                <Alert.Root status="error" mt="4" data-testid="confirm-error">
                  <Alert.Indicator />
                  <Alert.Title>{error}</Alert.Title>
                </Alert.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button colorPalette={destructive ? 'red' : undefined} onClick={onConfirm} loading={busy}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
