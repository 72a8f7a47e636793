import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { LEAVING_ON_PURPOSE, UnsavedChangesGuard } from '../dialog/unsaved-changes-guard.tsx';
import { useReportUnsavedWork } from '../page/unsaved-work.ts';
import { listCache } from '../page/session-list-cache.ts';
import { toaster } from '../shell/toaster.tsx';
import { LEAVE_TERMS_TEXTS, QUOTE_FLOW_TEXTS } from './quote-texts.ts';
import { messageOf } from './use-quote-actions.ts';
import type { QuoteEditor } from './use-quote-editor.ts';

/** What the bar sends the editor's terms as, and where it goes after. */
export interface TermsDestination {
  submitLabel: string;
  failureTitle: string;
  /** Sends the editor's terms; answers the server's message and the page to go to (in the user's area). */
  send: () => Promise<{ message: string; next: string }>;
  /** Where Cancel leads (in the user's area). */
  backTo: string;
}

/**
 * The buttons under the coverage editor when it changes terms already made rather than quoting anew: an
 * underwriter's Update Quote, an agent's renewal cover (Create Renewal Quote). Sends, then leaves for the
 * page the answer names; Cancel goes back. Leaving (Cancel, a link, a tab, the browser's Back) with changes not
 * sent asks first.
 */
export function SendTermsBar({ editor, destination, areaBase }: { editor: QuoteEditor; destination: TermsDestination; areaBase: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const unsaved = editor.dirty && !sent;
  useReportUnsavedWork(unsaved);
  const go = (path: string) => navigate(`${areaBase}/${path}`, { state: LEAVING_ON_PURPOSE });

  const submit = async () => {
    setBusy(true);
    try {
      const { message, next } = await destination.send();
      setSent(true);
      listCache.forgetAll();
      toaster.create({ type: 'success', title: message, closable: true });
      go(next);
    } catch (error) {
      const refused = messageOf(error, '');
      toaster.create({ type: 'error', title: destination.failureTitle, ...(refused ? { description: refused } : {}), closable: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <HStack gap="3" wrap="wrap" data-testid="quote-actions">
      <UnsavedChangesGuard when={unsaved} texts={LEAVE_TERMS_TEXTS} />
      <Button colorPalette="blue" onClick={() => void submit()} loading={busy} disabled={!editor.state.rating.ok}>
        {destination.submitLabel}
      </Button>
      {/* Cancel is a navigation like any other: with changes not sent, the guard asks first. */}
      <Button variant="outline" onClick={() => navigate(`${areaBase}/${destination.backTo}`)} disabled={busy}>
        {QUOTE_FLOW_TEXTS.updateCancel}
      </Button>
    </HStack>
  );
}
