import { usePageContext } from '../page/page-context.ts';
import { run } from '../session/run.ts';
import { quoteRequestOf } from './quote-request.ts';
import { RENEWAL_TEXTS } from './quote-texts.ts';
import { SendTermsBar } from './send-terms-bar.tsx';
import type { QuoteEditor } from './use-quote-editor.ts';
import type { PolicyRenewal } from './use-policy-renewal.ts';

/** The renewal page a renewal's cover is chosen from (definitions/pages/policy-renewal-page.json). */
export const renewalPagePath = (renewal: PolicyRenewal) => `policies/${renewal.id}/account/${renewal.accountId}/${renewal.product}/verify`;

/**
 * Create Renewal Quote and Cancel under the editor of a renewal's cover (spec 002 renewal step custom-quote):
 * the chosen cover goes to renewPolicy, which rates it for the renewal period; then to the new quote.
 */
export function RenewalTermsBar({ renewal, editor }: { renewal: PolicyRenewal; editor: QuoteEditor }) {
  const { areaBase } = usePageContext();
  const destination = {
    submitLabel: RENEWAL_TEXTS.create,
    failureTitle: RENEWAL_TEXTS.failed,
    backTo: renewalPagePath(renewal),
    send: async () => {
      const request = quoteRequestOf(editor.current(), renewal.accountId, editor.currentExtras(), renewal.request.teamId);
      const made = await run('renewPolicy', { params: { id: renewal.id }, body: { ...request, ...(renewal.request.isSurplus ? { isSurplus: true } : {}) } });
      return { message: made.message, next: `quotes/${made.quoteId}` };
    },
  };
  return <SendTermsBar editor={editor} destination={destination} areaBase={areaBase} />;
}
