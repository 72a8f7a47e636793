import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** What the question says and its two answers: the studio's 'Leave without publishing?', the quote editor's SWITCH or GO BACK. */
export interface LeaveTexts {
  question: string;
  explanation: string;
  stayLabel: string;
  leaveLabel: string;
}

/**
 * The history state of a navigation that leaves unsaved changes on purpose (after they were sent, or after
 * the user chose to drop them): the guard lets it through without asking, whatever its `when` still says
 * until the next render.
 */
export const LEAVING_ON_PURPOSE = { leavesUnsavedWork: true } as const;

const leavesOnPurpose = (state: unknown) => (state as { leavesUnsavedWork?: unknown } | null)?.leavesUnsavedWork === true;

/**
 * Asks before the page is left while `when` holds: the browser's own prompt on reload or close, and a
 * dialog on any navigation inside the app, a link, a tab or the browser's Back and Forward (react-router's
 * blocker: the app runs in a data router, app.tsx). Only a change of page asks: a page's query (`?tab=`)
 * is not leaving it.
 */
export function UnsavedChangesGuard({ when, texts }: { when: boolean; texts: LeaveTexts }) {
  useEffect(() => {
    if (!when) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // Chromium still wants this set to show its prompt
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname && !leavesOnPurpose(nextLocation.state));
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title={texts.question}
      text={texts.explanation}
      cancelLabel={texts.stayLabel}
      confirmLabel={texts.leaveLabel}
      busy={false}
      destructive
      onConfirm={() => blocker.proceed()}
      onClose={() => blocker.reset()}
    />
  );
}
