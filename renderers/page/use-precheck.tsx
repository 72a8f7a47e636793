import { useCallback, useState, type ReactNode } from 'react';
import { runNamed } from '../../api/run.ts';
import { evaluateLogic, type FormDefinition } from '../../engine/index.ts';
import { ConfirmDialog } from '../dialog/confirm-dialog.tsx';
import { SubmitCancelled } from '../dialog/submit-cancelled.ts';
import { run } from '../session/run.ts';
import { DEFAULT_FAILURE_TEXT, textOf } from './record-dialog-texts.ts';
import { saveFailure } from './save-failure.ts';

interface Asking {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  resolve: (accepted: boolean) => void;
}

/**
 * A form's binding.precheck before its save (spec 002 section 4: 'Saving outside a quote first checks whether
 * the changes will invalidate or refer quotes ... If either is true, the InvalidateQuotes confirmation opens;
 * otherwise the save proceeds'). `check` asks the server with the save's parameters and body and resolves
 * when the save may go ahead; it rejects with SubmitCancelled when the user declines, or with the failure
 * of the question itself. Render `element` once.
 */
export function usePrecheck(form: FormDefinition) {
  const [asking, setAsking] = useState<Asking>();
  const precheck = form.binding?.precheck;

  const check = useCallback(
    async (request: { params: Record<string, unknown>; query?: Record<string, unknown>; body: Record<string, unknown> }) => {
      if (!precheck) return;
      let result: unknown;
      try {
        result = await runNamed(run, precheck.operation, request);
      } catch (error) {
        throw saveFailure(error, form.binding?.failureText ?? DEFAULT_FAILURE_TEXT);
      }
      if (!evaluateLogic(precheck.confirmWhen, { result })) return;
      const accepted = await new Promise<boolean>((resolve) =>
        setAsking({ title: precheck.title, text: textOf(precheck.text, { route: {}, result }), confirmLabel: precheck.confirmLabel, cancelLabel: precheck.cancelLabel, resolve }),
      );
      setAsking(undefined);
      if (!accepted) throw new SubmitCancelled();
    },
    [precheck, form.binding?.failureText],
  );

  const element: ReactNode = asking ? (
    <ConfirmDialog
      title={asking.title}
      text={asking.text}
      confirmLabel={asking.confirmLabel}
      cancelLabel={asking.cancelLabel}
      busy={false}
      onConfirm={() => asking.resolve(true)}
      onClose={() => asking.resolve(false)}
    />
  ) : null;
  return { check, element };
}
