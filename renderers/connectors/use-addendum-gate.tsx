import { useCallback, useRef, useState, type ReactNode } from 'react';
import { run } from '../session/run.ts';
import { usePageContext } from '../page/page-context.ts';
import { RecordDialog, type RecordDialogRequest } from '../page/record-dialog.tsx';

const ADDENDUM_FORM = 'connector-privacy-addendum';
let keys = 0;

/**
 * The connector privacy addendum before a first connection for a client account (spec 001 section 2: Cancel or
 * Accept, Accept disabled until the box is ticked). `ensureAgreed` answers true once the account has accepted:
 * at once when it has before, else after the addendum dialog (the form definition, saved with its binding).
 */
export function useAddendumGate() {
  const { form } = usePageContext();
  const [request, setRequest] = useState<RecordDialogRequest>();
  const pending = useRef<(agreed: boolean) => void>(undefined);

  const ensureAgreed = useCallback(
    async (cbid: string): Promise<boolean> => {
      const status = await run('getConnectorPrivacyAgreement', { query: { cbid } });
      if (status.agreed) return true;
      return new Promise<boolean>((resolve) => {
        pending.current = resolve;
        setRequest({
          key: ++keys,
          action: { id: 'accept-addendum', label: 'Accept', success: 'Privacy addendum accepted' },
          form: form(ADDENDUM_FORM),
          mode: 'create',
          params: {},
          query: { cbid },
          scope: { route: {} },
        });
      });
    },
    [form],
  );

  const finish = (agreed: boolean) => {
    setRequest(undefined);
    pending.current?.(agreed);
    pending.current = undefined;
  };

  const element: ReactNode = request ? <RecordDialog key={request.key} request={request} onClose={() => finish(false)} onSaved={() => finish(true)} /> : null;
  return { ensureAgreed, element };
}
