import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import type { ActionReveal } from '../../engine/index.ts';

/** How long the copy confirmation stays (spec 001 section 8: 'the confirmation hides after 2 seconds'). */
export const COPIED_CONFIRMATION_MS = 2000;

/**
 * A value the server gives once (a new API key): shown with a copy button until the dialog is closed, then
 * gone, since nothing keeps it. A copy is confirmed for a moment with the definition's text.
 */
export function RevealDialog({ reveal, value, onClose }: { reveal: ActionReveal; value: string; onClose: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    window.clearTimeout(timer.current);
    const done = await copyText(value);
    setCopied(done ? 'yes' : 'failed');
    if (done) timer.current = window.setTimeout(() => setCopied(undefined), COPIED_CONFIRMATION_MS);
  };

  return (
    <Dialog.Root open role="alertdialog" size="md" closeOnInteractOutside={false} onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="reveal-dialog">
            <Dialog.Header>
              <Dialog.Title>{reveal.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>{reveal.text}</Text>
                <Box>
                  <Text id="revealed-label" fontSize="sm" fontWeight="medium" mb="1">
                    {reveal.label}
                  </Text>
                  <HStack align="stretch" gap="2">
                    <Code
                      aria-labelledby="revealed-label"
                      data-testid="revealed-value"
                      flex="1"
                      px="3"
                      py="2"
                      fontSize="sm"
                      wordBreak="break-all"
                      userSelect="all"
                      display="flex"
                      alignItems="center"
                    >
                      {value}
                    </Code>
                    <Button variant="outline" onClick={() => void copy()}>
                      Copy
                    </Button>
                  </HStack>
                </Box>
                <Box minH="10" aria-live="polite">
                  {copied === 'yes' && (
                    <Alert.Root status="success" size="sm" data-testid="reveal-copied">
                      <Alert.Indicator />
                      <Alert.Title>{reveal.copiedText}</Alert.Title>
                    </Alert.Root>
                  )}
                  {copied === 'failed' && (
                    <Alert.Root status="warning" size="sm">
                      <Alert.Indicator />
                      <Alert.Title>The browser did not allow copying. Select the value and copy it yourself.</Alert.Title>
                    </Alert.Root>
                  )}
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={onClose}>
                Done
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * Copies through the Clipboard API where the page may use it (a secure origin), else through a selected
 * text area and the older copy command, which plain-http origins still allow for a click.
 */
async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission): the fallback below may still work.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  // Inside the open dialog, whose focus trap would take the focus back from an element outside it.
  (document.querySelector('[data-testid="reveal-dialog"]') ?? document.body).appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
