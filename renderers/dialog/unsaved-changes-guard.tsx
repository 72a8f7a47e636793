import { useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** What the question says and its two answers: the studio's 'Leave without publishing?', the quote editor's SWITCH or GO BACK. */
export interface LeaveTexts {
  question: string;
  explanation: string;
  stayLabel: string;
  leaveLabel: string;
}

/**
 * Asks before the page is left while `when` holds: the browser's own prompt on reload or close, and a
 * dialog on navigation inside the app (react-router's blocker in a data router; otherwise by catching
 * clicks on the app's links, which is what a BrowserRouter allows).
 */
export function UnsavedChangesGuard({ when, texts }: { when: boolean; texts: LeaveTexts }) {
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
  return dataRouter ? <BlockerPrompt when={when} texts={texts} /> : <LinkClickPrompt when={when} texts={texts} />;
}

function BlockerPrompt({ when, texts }: { when: boolean; texts: LeaveTexts }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return (
    <LeaveDialog
      texts={texts}
      open={blocker.state === 'blocked'}
      onStay={() => blocker.state === 'blocked' && blocker.reset()}
      onLeave={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
}

function LinkClickPrompt({ when, texts }: { when: boolean; texts: LeaveTexts }) {
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
      texts={texts}
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

function LeaveDialog({ open, texts, onStay, onLeave }: { open: boolean; texts: LeaveTexts; onStay: () => void; onLeave: () => void }) {
  if (!open) return null;
  return (
    <ConfirmDialog title={texts.question} text={texts.explanation} cancelLabel={texts.stayLabel} confirmLabel={texts.leaveLabel} busy={false} destructive onConfirm={onLeave} onClose={onStay} />
  );
}
