import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CloseButton, Dialog, Portal, Skeleton, Stack } from '@chakra-ui/react';
import { errorMessage } from '../../api/api-error.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { DownloadedFile, isOperationId, runNamed } from '../../api/run.ts';
import { evaluateLogicMap, type FormDefinition, type PageAction } from '../../engine/index.ts';
import { ConfirmDialog } from '../dialog/confirm-dialog.tsx';
import { DialogForm } from '../dialog/dialog-form.tsx';
import { run } from '../session/run.ts';
import { toaster } from '../shell/toaster.tsx';
import { formFields } from './form-fields.ts';
import { usePageContext } from './page-context.ts';
import type { PageScope } from './page-scope.ts';
import { DEFAULT_FAILURE_TEXT, textOf } from './record-dialog-texts.ts';
import { outcomeOf, type ShownOutcome } from './action-outcome.ts';
import { saveFailure } from './save-failure.ts';
import { saveFile } from './save-file.ts';
import { usePrecheck } from './use-precheck.tsx';

export { DEFAULT_FAILURE_TEXT, textOf } from './record-dialog-texts.ts';

/**
 * A dialog's task: create a record (binding.submit), edit one (binding.load, then binding.update), or
 * send something about a row (binding.submit with the row's key as its path parameter).
 */
export interface RecordDialogRequest {
  key: number;
  action: PageAction;
  form: FormDefinition;
  mode: 'create' | 'edit' | 'send';
  /** Path parameters of the load, update or submit operation. */
  params: Record<string, unknown>;
  /** Query parameters of a create. */
  query: Record<string, unknown>;
  /** Starting data of a create or send. */
  initialData?: Record<string, unknown>;
  /** An edit's record when it is already at hand (just created): no load. */
  record?: Record<string, unknown>;
  scope: PageScope;
}

type Loaded = { status: 'loading' } | { status: 'ready'; data?: Record<string, unknown> } | { status: 'error'; message: string };

/**
 * Runs a form definition's binding in a dialog: loads the record (edit), shows the form, saves with the
 * bound operation, puts the server's messages under the fields, says what happened in a toast and
 * reports the answer, so the page can refetch its table.
 */
export function RecordDialog({
  request,
  onClose,
  onSaved,
}: {
  request: RecordDialogRequest;
  onClose: () => void;
  /** `shown`: the outcome dialog the answer calls for, which then says what the success toast would. */
  onSaved: (result: unknown, request: RecordDialogRequest, shown: ShownOutcome | undefined) => void;
}) {
  const { edition, rules } = usePageContext();
  const { form, mode, params, action } = request;
  const [loaded, setLoaded] = useState<Loaded>(() => initialState(request));
  const [attempt, setAttempt] = useState(0);
  const precheck = usePrecheck(form);
  // Whether the form holds changes, and whether closing with them is being asked about (actions.cancelConfirm).
  const [dirty, setDirty] = useState(false);
  const [askingToClose, setAskingToClose] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const requestClose = () => {
    if (dirty && form.actions?.cancelConfirm) setAskingToClose(true);
    else onClose();
  };

  useEffect(() => {
    if (mode !== 'edit' || request.record || !form.binding?.load) return undefined;
    const controller = new AbortController();
    runNamed(run, form.binding.load, { params, signal: controller.signal })
      .then((record) => !controller.signal.aborted && setLoaded({ status: 'ready', data: formFields(form, record as Record<string, unknown>) }))
      .catch((error: unknown) => !controller.signal.aborted && setLoaded({ status: 'error', message: errorMessage(error) }));
    return () => controller.abort();
  }, [form, mode, params, request.record, attempt]);

  const submit = async (payload: Record<string, unknown>) => {
    // An action may save the record another way (through the quote a review page shows), with its own path.
    const saveWith = mode === 'edit' ? action.saveWith : undefined;
    const operationId = saveWith?.operation ?? (mode === 'edit' ? form.binding?.update : form.binding?.submit);
    if (!operationId) throw new Error(`${form.id} cannot be saved: its definition names no operation.`);
    const body = formFields(form, payload);
    const query = mode === 'create' ? { query: request.query } : {};
    const saveParams = saveWith ? evaluateLogicMap(saveWith.params, request.scope as unknown as Record<string, unknown>) : params;
    // What the save would do, asked first; a confirmation when the definition says it needs one. Saved another
    // way, the action decides what the save does, so the form's own precheck is not its question.
    if (!saveWith) await precheck.check({ params, ...query, body });
    // A form bound to a read (a document picker's Download) sends its fields as the query.
    const reads = isOperationId(operationId) && OPERATIONS[operationId].method === 'GET';
    const args = reads ? { params: saveParams, query: { ...request.query, ...presentFields(body) } } : { params: saveParams, ...query, body };
    let result: unknown;
    try {
      result = await runNamed(run, operationId, args);
    } catch (error) {
      // The action's own failure text wins: one form may fail to add and fail to edit in different words (licences).
      throw saveFailure(error, action.failure ?? form.binding?.failureText ?? DEFAULT_FAILURE_TEXT);
    }
    if (result instanceof DownloadedFile) saveFile(result);
    const scope = { ...request.scope, result, mode };
    // An action that waits for the server to show the change says so once it does, and an answer that calls for
    // the action's outcome dialog says what it says there (useActionRunner).
    const shown = outcomeOf(action, request.scope, result, form);
    if (!action.awaitChange && !shown) {
      const title = textOf(action.success, scope) || 'Saved';
      const description = textOf(action.successDetail, scope);
      toaster.create({ type: 'success', title, ...(description ? { description } : {}), closable: true });
    }
    onSaved(result, request, shown);
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && requestClose()}
      size={form.actions?.size ?? 'lg'}
      scrollBehavior="inside"
      initialFocusEl={() => firstEditableField(contentRef.current)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={contentRef} data-testid={`dialog-${form.id}`} aria-busy={loaded.status === 'loading'}>
            <Dialog.Header>
              <Dialog.Title>{form.title ?? action.label}</Dialog.Title>
            </Dialog.Header>
            {loaded.status === 'ready' && (
              <DialogForm key={request.key} definition={form} edition={edition} context={rules} initialData={loaded.data} onClose={onClose} onSubmit={submit} onDirtyChange={setDirty} />
            )}
            {loaded.status === 'loading' && (
              <Dialog.Body>
                <Stack gap="3" role="status" aria-label="Loading">
                  {[0, 1, 2, 3].map((index) => (
                    <Skeleton key={index} height="9" />
                  ))}
                </Stack>
              </Dialog.Body>
            )}
            {loaded.status === 'error' && (
              <>
                <Dialog.Body>
                  <Alert.Root status="error" data-testid="dialog-error">
                    <Alert.Indicator />
                    <Alert.Title>{loaded.message}</Alert.Title>
                  </Alert.Root>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onClose}>
                    Close
                  </Button>
                  <Button
                    onClick={() => {
                      setLoaded({ status: 'loading' });
                      setAttempt((count) => count + 1);
                    }}
                  >
                    Try again
                  </Button>
                </Dialog.Footer>
              </>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {precheck.element}
      {askingToClose && (
        <ConfirmDialog
          title={form.actions?.cancelLabel ?? 'Cancel'}
          text={form.actions?.cancelConfirm ?? ''}
          confirmLabel="Yes"
          cancelLabel="No"
          busy={false}
          onConfirm={() => {
            setAskingToClose(false);
            onClose();
          }}
          onClose={() => setAskingToClose(false)}
        />
      )}
    </Dialog.Root>
  );
}

/**
 * Where the dialog puts the focus when it opens: the first field one can type into. Not a read-only field
 * shown for context (the policy number): focusing it would move the focus away from the field the form
 * focuses and mark that one as visited, showing its 'required' message before anything was typed.
 */
function firstEditableField(content: HTMLElement | null): HTMLElement | null {
  return content?.querySelector<HTMLElement>('form input:not([readonly]):not([disabled]):not([type="hidden"]), form textarea:not([readonly]):not([disabled]), form [role="combobox"]:not([aria-disabled="true"])') ?? null;
}

/** The fields that hold a value (a query leaves the others out). */
function presentFields(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

function initialState(request: RecordDialogRequest): Loaded {
  if (request.mode !== 'edit') return { status: 'ready', data: request.initialData };
  if (request.record) return { status: 'ready', data: formFields(request.form, request.record) };
  return { status: 'loading' };
}
