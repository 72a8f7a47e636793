import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { DownloadedFile, runNamed } from '../../api/run.ts';
import { saveFile } from './save-file.ts';
import { evaluateLogicMap, type PageAction } from '../../engine/index.ts';
import { ConfirmDialog } from '../dialog/confirm-dialog.tsx';
import { awaitChange } from './await-change.ts';
import { BusyOverlay } from './busy-overlay.tsx';
import { run } from '../session/run.ts';
import { toaster } from '../shell/toaster.tsx';
import { recordParams } from './operation-params.ts';
import { usePageContext } from './page-context.ts';
import { fillPath, type PageScope } from './page-scope.ts';
import { RecordDialog, textOf, type RecordDialogRequest } from './record-dialog.tsx';
import { RevealDialog } from './reveal-dialog.tsx';
import { OutcomeDialog } from '../dialog/outcome-dialog.tsx';
import { outcomeOf, type ShownOutcome } from './action-outcome.ts';
import { withDetail } from './save-failure.ts';

/** What an action acts on: a row of the table, or (toolbar) the record chosen beforehand. */
export interface ActionTarget {
  row?: Record<string, unknown>;
  chosen?: Record<string, unknown>;
  /** The rows a bulk action acts on. */
  selected?: Record<string, unknown>[];
}

interface PendingConfirm {
  key: number;
  action: PageAction;
  scope: PageScope;
  params: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  busy: boolean;
  error?: string;
}

/** A value an action's answer carries once (its `reveal`), on screen until the user closes it. */
interface Revealed {
  key: number;
  reveal: NonNullable<PageAction['reveal']>;
  value: string;
}

/** The value to reveal after an action succeeded, when it has a `reveal` and the answer yields one. */
function revealedOf(action: PageAction, scope: PageScope, result: unknown): Revealed | undefined {
  if (!action.reveal) return undefined;
  const value = textOf(action.reveal.value, { ...scope, result });
  return value ? { key: ++keys, reveal: action.reveal, value } : undefined;
}

/** What an action's `next` path is filled from: the row (or chosen record), under the fields of the answer. */
function nextValues(scope: PageScope, result: unknown): Record<string, unknown> {
  const answer = result && typeof result === 'object' && !(result instanceof DownloadedFile) ? (result as Record<string, unknown>) : {};
  return { ...(scope.row ?? scope.chosen ?? {}), ...answer };
}

/** The failure text of an operation action without its own. */
const DEFAULT_ACTION_FAILURE = 'That did not work';

let keys = 0;

/**
 * Carries out a page's actions: opens the dialog of a form definition and runs its binding, asks the
 * confirmation and runs the operation, or goes to another page. `onChanged` is told after every change
 * (with the action's refetch delay), so the table shows the new state. Render `element` once.
 */
export function useActionRunner({ rowKey, scope, onChanged }: { rowKey: string; scope: PageScope; onChanged: (delayMs: number) => void }) {
  const context = usePageContext();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<RecordDialogRequest>();
  const [confirm, setConfirm] = useState<PendingConfirm>();
  const [revealed, setRevealed] = useState<Revealed>();
  // What an answer said instead of a plain success (the action's outcome), until the user closes it.
  const [outcome, setOutcome] = useState<ShownOutcome>();
  // The text over the page while a change the action waits for is not yet shown (its awaitChange).
  const [busyText, setBusyText] = useState<string>();
  const waiting = useRef<AbortController | null>(null);
  useEffect(() => () => waiting.current?.abort(), []);
  /** Goes to a path of the area (or an absolute one), `{field}` filled from `values`. */
  const goTo = useCallback(
    (template: string, values: Record<string, unknown>) => {
      const path = fillPath(template, values);
      navigate(path.startsWith('/') ? path : `${context.areaBase}/${path}`);
    },
    [navigate, context.areaBase],
  );
  // The latest callbacks without making `start` change identity.
  const latest = useRef({ onChanged, goTo });
  useLayoutEffect(() => {
    latest.current = { onChanged, goTo };
  });

  const runOperation = useCallback(async (pending: PendingConfirm) => {
    const { action } = pending;
    setConfirm({ ...pending, busy: true, error: undefined });
    try {
      const result = await runNamed(run, action.operation!, {
        params: pending.params, ...(pending.query ? { query: pending.query } : {}), ...(pending.body ? { body: pending.body } : {}),
      });
      if (result instanceof DownloadedFile) saveFile(result);
      const shown = outcomeOf(action, pending.scope, result);
      const title = textOf(action.success, { ...pending.scope, result }) || 'Done';
      const description = textOf(action.successDetail, { ...pending.scope, result });
      const announce = () => toaster.create({ type: 'success', title, ...(description ? { description } : {}), closable: true });
      if (shown) setOutcome(shown);
      else if (action.successDelayMs) window.setTimeout(announce, action.successDelayMs);
      else announce();
      setConfirm(undefined);
      setRevealed(revealedOf(action, pending.scope, result));
      latest.current.onChanged(action.refetchDelayMs ?? 0);
      if (action.next) latest.current.goTo(action.next, nextValues(pending.scope, result));
    } catch (error) {
      const message = withDetail(action.failure ?? DEFAULT_ACTION_FAILURE, errorMessage(error));
      if (action.confirm) setConfirm({ ...pending, busy: false, error: message });
      else {
        setConfirm(undefined);
        toaster.create({ type: 'error', title: message, closable: true });
      }
    }
  }, []);

  const start = useCallback(
    (action: PageAction, target: ActionTarget = {}) => {
      const actionScope: PageScope = {
        ...scope, row: target.row, chosen: target.chosen,
        ...(target.selected ? { selected: target.selected, keys: target.selected.map((row) => String(row[rowKey])) } : {}),
      };
      if (action.navigate) {
        goTo(action.navigate, target.row ?? target.chosen ?? {});
        return;
      }
      if (action.dialog) {
        const form = context.form(action.dialog);
        const mode = !target.row ? 'create' : form.binding?.load ? 'edit' : 'send';
        const operationId = (mode === 'edit' ? form.binding?.load : form.binding?.submit) ?? '';
        setDialog({
          key: ++keys,
          action,
          form,
          mode,
          // A toolbar action's own params fill the path of its create operation (the user a page shows).
          params: mode === 'create' ? evaluateLogicMap(action.params, actionScope as unknown as Record<string, unknown>) : recordParams(operationId, action.params, actionScope, target.row, rowKey),
          query: evaluateLogicMap(action.query, actionScope as unknown as Record<string, unknown>),
          initialData: mode === 'edit' ? undefined : evaluateLogicMap(action.initialData, actionScope as unknown as Record<string, unknown>),
          scope: actionScope,
        });
        return;
      }
      if (action.operation) {
        const pending: PendingConfirm = {
          key: ++keys,
          action,
          scope: actionScope,
          params: recordParams(action.operation, action.params, actionScope, target.row, rowKey),
          ...(action.query ? { query: evaluateLogicMap(action.query, actionScope as unknown as Record<string, unknown>) } : {}),
          ...(action.body ? { body: evaluateLogicMap(action.body, actionScope as unknown as Record<string, unknown>) } : {}),
          busy: false,
        };
        if (action.confirm) setConfirm(pending);
        else void runOperation(pending);
      }
    },
    [scope, goTo, context, rowKey, runOperation],
  );

  /** Waits, with the overlay up, for the server to show what the action changed; then says how it went. */
  const waitForChange = useCallback(async (action: PageAction, actionScope: PageScope) => {
    const spec = action.awaitChange!;
    waiting.current?.abort();
    const controller = new AbortController();
    waiting.current = controller;
    setBusyText(spec.busyText);
    const params = evaluateLogicMap(spec.params, actionScope as unknown as Record<string, unknown>);
    const read = (signal: AbortSignal) => runNamed(run, spec.operation, { params, signal });
    const shown = await awaitChange(spec, read, actionScope.row ?? actionScope.record, controller.signal);
    if (controller.signal.aborted) return;
    waiting.current = null;
    setBusyText(undefined);
    toaster.create(shown ? { type: 'success', title: spec.success, closable: true } : { type: 'error', title: spec.failure, closable: true });
    latest.current.onChanged(0);
  }, []);

  const onSaved = useCallback(
    (result: unknown, request: RecordDialogRequest, shown: ShownOutcome | undefined) => {
      if (request.action.awaitChange) {
        void waitForChange(request.action, request.scope);
        return;
      }
      latest.current.onChanged(request.action.refetchDelayMs ?? 0);
      setRevealed(revealedOf(request.action, { ...request.scope, mode: request.mode }, result));
      setOutcome(shown);
      if (request.action.next) {
        latest.current.goTo(request.action.next, nextValues(request.scope, result));
        return;
      }
      const record = result as Record<string, unknown> | undefined;
      // Spec 001 section 4 (claims): saving a new record can keep the dialog open on it, now in edit mode.
      if (request.mode === 'create' && request.action.afterCreate === 'edit' && record && request.form.binding?.update) {
        setDialog({
          ...request,
          key: ++keys,
          mode: 'edit',
          params: recordParams(request.form.binding.update, undefined, request.scope, record, rowKey),
          record,
          scope: { ...request.scope, row: record },
        });
      }
    },
    [rowKey, waitForChange],
  );

  const closeDialog = (key: number) => setDialog((current) => (current?.key === key ? undefined : current));

  const element: ReactNode = (
    <>
      {dialog && <RecordDialog key={dialog.key} request={dialog} onClose={() => closeDialog(dialog.key)} onSaved={onSaved} />}
      {confirm && (
        <ConfirmDialog
          title={confirm.action.label}
          text={confirm.action.confirm ?? `${confirm.action.label}?`}
          confirmLabel={confirm.action.confirmLabel ?? confirm.action.label}
          destructive={confirm.action.destructive}
          busy={confirm.busy}
          error={confirm.error}
          onConfirm={() => void runOperation(confirm)}
          onClose={() => setConfirm(undefined)}
        />
      )}
      {busyText && <BusyOverlay text={busyText} />}
      {outcome && <OutcomeDialog title={outcome.outcome.title} text={outcome.outcome.text} items={outcome.items} onClose={() => setOutcome(undefined)} />}
      {revealed && <RevealDialog key={revealed.key} reveal={revealed.reveal} value={revealed.value} onClose={() => setRevealed(undefined)} />}
    </>
  );
  return { start, element };
}
