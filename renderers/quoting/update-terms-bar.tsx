import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../dialog/confirm-dialog.tsx';
import { LEAVING_ON_PURPOSE, UnsavedChangesGuard } from '../dialog/unsaved-changes-guard.tsx';
import { usePageContext } from '../page/page-context.ts';
import { useReportUnsavedWork } from '../page/unsaved-work.ts';
import { listCache } from '../page/session-list-cache.ts';
import { run } from '../session/api.ts';
import { toaster } from '../shell/toaster.tsx';
import { quoteRequestOf } from './quote-request.ts';
import { LEAVE_TERMS_TEXTS, QUOTE_FLOW_TEXTS } from './quote-texts.ts';
import { messageOf } from './use-quote-actions.ts';
import type { QuoteEditor } from './use-quote-editor.ts';
import type { QuoteDetail } from './use-quote-terms.ts';

/**
 * Update Quote and Cancel for an underwriter changing a quote's terms: the editor's request (kept surplus or
 * admitted as the quote is) goes to updateQuoteTerms, which re-rates on the server and keeps the status; then
 * back to the quote. Leaving or switching tabs with changes not sent asks first.
 */
export function UpdateTermsBar({ quote, editor, accountId }: { quote: QuoteDetail; editor: QuoteEditor; accountId: string }) {
  const { areaBase } = usePageContext();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const unsaved = editor.dirty && !sent;
  useReportUnsavedWork(unsaved);
  const back = () => navigate(`${areaBase}/quotes/${quote.id}`, { state: LEAVING_ON_PURPOSE });

  const update = async () => {
    setBusy(true);
    try {
      const request = quoteRequestOf(editor.current(), accountId, editor.currentExtras(), quote.request?.teamId);
      const changed = await run('updateQuoteTerms', { params: { id: quote.id }, body: { ...request, ...(quote.request?.isSurplus ? { isSurplus: true } : {}) } });
      setSent(true);
      listCache.forgetAll();
      toaster.create({ type: 'success', title: changed.message, closable: true });
      back();
    } catch (error) {
      const refused = messageOf(error, '');
      toaster.create({ type: 'error', title: QUOTE_FLOW_TEXTS.updateFailed, ...(refused ? { description: refused } : {}), closable: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <HStack gap="3" wrap="wrap" data-testid="quote-actions">
      <UnsavedChangesGuard when={unsaved} texts={LEAVE_TERMS_TEXTS} />
      <Button colorPalette="blue" onClick={() => void update()} loading={busy} disabled={!editor.state.rating.ok}>
        {QUOTE_FLOW_TEXTS.updateQuote}
      </Button>
      <Button variant="outline" onClick={() => (unsaved ? setLeaving(true) : back())} disabled={busy}>
        {QUOTE_FLOW_TEXTS.updateCancel}
      </Button>
      {leaving && (
        <ConfirmDialog
          title={LEAVE_TERMS_TEXTS.question}
          text={LEAVE_TERMS_TEXTS.explanation}
          cancelLabel={LEAVE_TERMS_TEXTS.stayLabel}
          confirmLabel={LEAVE_TERMS_TEXTS.leaveLabel}
          busy={false}
          destructive
          onConfirm={() => {
            setSent(true);
            back();
          }}
          onClose={() => setLeaving(false)}
        />
      )}
    </HStack>
  );
}
