import { useContext, useEffect, useState } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { UNSAFE_DataRouterContext, useBlocker, useNavigate } from 'react-router';

const QUESTION = 'Leave without publishing?';
const EXPLANATION = 'Your changes are not published. The draft stays in this browser, and you can come back to it.';

/**
 * Asks before the page is left while `when` holds: the browser's own prompt on reload or close, and a
 * dialog on navigation inside the app (react-router's blocker in a data router; otherwise by catching
 * clicks on the app's links, which is what a BrowserRouter allows).
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!when) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // Chromium still wants this set to show its prompt
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return dataRouter ? <BlockerPrompt when={when} /> : <LinkClickPrompt when={when} />;
}

function BlockerPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return (
    <LeaveDialog
      open={blocker.state === 'blocked'}
      onStay={() => blocker.state === 'blocked' && blocker.reset()}
      onLeave={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
}

function LinkClickPrompt({ when }: { when: boolean }) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<string>();
  useEffect(() => {
    if (!when) return undefined;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(`${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [when]);
  return (
    <LeaveDialog
      open={target !== undefined}
      onStay={() => setTarget(undefined)}
      onLeave={() => {
        const next = target;
        setTarget(undefined);
        if (next) navigate(next);
      }}
    />
  );
}

function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onStay()} role="alertdialog" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{QUESTION}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{EXPLANATION}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onStay}>
                Stay here
              </Button>
              <Button colorPalette="red" onClick={onLeave}>
                Leave
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
