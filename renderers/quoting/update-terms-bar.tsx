import { usePageContext } from '../page/page-context.ts';
import { run } from '../session/run.ts';
import { quoteRequestOf } from './quote-request.ts';
import { QUOTE_FLOW_TEXTS } from './quote-texts.ts';
import { SendTermsBar } from './send-terms-bar.tsx';
import type { QuoteEditor } from './use-quote-editor.ts';
import type { QuoteDetail } from './use-quote-terms.ts';

/**
 * Update Quote and Cancel for an underwriter changing a quote's terms: the editor's request (kept surplus or
 * admitted as the quote is) goes to updateQuoteTerms, which re-rates on the server and keeps the status; then
 * back to the quote.
 */
export function UpdateTermsBar({ quote, editor, accountId }: { quote: QuoteDetail; editor: QuoteEditor; accountId: string }) {
  const { areaBase } = usePageContext();
  const destination = {
    submitLabel: QUOTE_FLOW_TEXTS.updateQuote,
    failureTitle: QUOTE_FLOW_TEXTS.updateFailed,
    backTo: `quotes/${quote.id}`,
    send: async () => {
      const request = quoteRequestOf(editor.current(), accountId, editor.currentExtras(), quote.request?.teamId);
      const changed = await run('updateQuoteTerms', { params: { id: quote.id }, body: { ...request, ...(quote.request?.isSurplus ? { isSurplus: true } : {}) } });
      return { message: changed.message, next: `quotes/${quote.id}` };
    },
  };
  return <SendTermsBar editor={editor} destination={destination} areaBase={areaBase} />;
}
