import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { usePageContext } from '../page-context.ts';

/**
 * Covers the page with a text and no way to act on the record (a detail block's `blocking`): Escape and a
 * click outside do not close it; the one way on is back to the area's start page.
 */
export function BlockingOverlay({ title, text }: { title: string; text: string }) {
  const navigate = useNavigate();
  const { areaBase } = usePageContext();
  return (
    <Dialog.Root open role="alertdialog" size="md" closeOnEscape={false} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="blocking-overlay">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text whiteSpace="pre-line">{text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={() => navigate(areaBase)}>
                Go to Dashboard
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
