import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { errorMessage, isApiError } from '../../../api/api-error.ts';
import { runNamed } from '../../../api/run.ts';
import { evaluateLogic, evaluateLogicMap, recordEdition, type DetailBlock, type FormDefinition, type PageAction } from '../../../engine/index.ts';
import { DefinitionForm } from '../../form/definition-form.tsx';
import { focusField } from '../../form/field-ids.ts';
import { useFormSession, useSessionSnapshot } from '../../form/use-form-session.ts';
import { run } from '../../session/run.ts';
import { toaster } from '../../shell/toaster.tsx';
import { formFields } from '../form-fields.ts';
import { actionOffered, mayRun } from '../operation-access.ts';
import { useModalRequest } from '../modal-request.ts';
import { announcePageChange, usePageChanges } from '../page-changes.ts';
import { useActionRunner } from '../use-action-runner.tsx';
import { usePrecheck } from '../use-precheck.tsx';
import { useReportUnsavedWork } from '../unsaved-work.ts';
import { PageContext, usePageContext } from '../page-context.ts';
import { recordEditionContext } from '../record-edition-context.ts';
import { useEditions } from '../use-editions.ts';
import type { PageScope } from '../page-scope.ts';
import { DEFAULT_FAILURE_TEXT, textOf } from '../record-dialog-texts.ts';
import { SubmitCancelled } from '../../dialog/submit-cancelled.ts';
import { saveFailure } from '../save-failure.ts';
import { BlockView } from './block-view.tsx';
import { BlockingOverlay } from './blocking-overlay.tsx';
import { DetailNotices } from './detail-notices.tsx';
import { listCache } from '../session-list-cache.ts';
import { useStable } from '../../definitions/use-stable.ts';

type Loaded = { status: 'loading' } | { status: 'ready'; record: Record<string, unknown> } | { status: 'error'; message: string; httpStatus: number };

/** Answers that mean the caller may not see the record (an expired or foreign link), not that reading failed. */
const REFUSED_STATUSES: readonly number[] = [401, 403];

/** The id prefix of a detail form's fields: one per form, since a page may show several records (no '_', rjsf's separator). */
const detailIdPrefix = (form: FormDefinition) => `detail-${form.id}`;

/**
 * One record, loaded by the route's parameters through the form's binding.load and shown through the
 * form: read-only, or editable and saved with binding.update. Related blocks below read the record.
 */
export function DetailBlockView({ block, scope }: { block: DetailBlock; scope: PageScope }) {
  const context = usePageContext();
  const { form: formOf, preview } = context;
  const form = formOf(block.form);
  const editions = useEditions();
  // Kept while equal, so a change of the address's query (a tab) does not load the record again.
  const params = useStable(useMemo(() => evaluateLogicMap(block.params, scope as unknown as Record<string, unknown>), [block.params, scope]));
  const [loaded, setLoaded] = useState<Loaded>(() => (preview ? { status: 'ready', record: (form.sample ?? {}) as Record<string, unknown> } : { status: 'loading' }));
  const [attempt, setAttempt] = useState(0);
  // A change made on the page (an action of this block, a dialog of another) reads the record again, keeping
  // the one on screen until the new one arrives.
  const [revision, setRevision] = useState(0);
  usePageChanges(useCallback(() => setRevision((count) => count + 1), []));

  useEffect(() => {
    if (preview) return undefined;
    const operationId = form.binding?.load;
    if (!operationId) return undefined;
    const controller = new AbortController();
    runNamed(run, operationId, { params, signal: controller.signal })
      .then((record) => !controller.signal.aborted && setLoaded({ status: 'ready', record: record as Record<string, unknown> }))
      .catch((error: unknown) => !controller.signal.aborted && setLoaded({ status: 'error', message: errorMessage(error), httpStatus: isApiError(error) ? error.status : 0 }));
    return () => controller.abort();
  }, [form, params, preview, attempt, revision]);

  const recordScope = useMemo<PageScope>(() => ({ ...scope, record: loaded.status === 'ready' ? loaded.record : undefined }), [scope, loaded]);
  // A record of another edition (it names its edition or its currency) reads in that edition's words below its actions.
  const ownEdition = loaded.status === 'ready' ? recordEdition(loaded.record, context.edition, editions).id : context.editionId;
  const ownContext = useMemo(() => recordEditionContext(context, ownEdition), [context, ownEdition]);
  const editable = !preview && block.editable === true;
  const shownForm = useMemo(
    () => (editable || ownEdition === context.editionId ? form : context.registry.resolve<FormDefinition>(block.form, ownEdition)),
    [editable, ownEdition, context, form, block.form],
  );

  if (!preview && !form.binding?.load) {
    return (
      <Alert.Root status="error" data-testid="block-detail-error">
        <Alert.Indicator />
        <Alert.Title>{`${form.id} names no operation to load the record with.`}</Alert.Title>
      </Alert.Root>
    );
  }
  if (loaded.status === 'loading') {
    return (
      <Stack gap="3" role="status" aria-label="Loading" data-testid="block-detail-loading">
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} height="9" />
        ))}
      </Stack>
    );
  }
  if (loaded.status === 'error') {
    const refused = block.loadFailure?.refused;
    if (refused && REFUSED_STATUSES.includes(loaded.httpStatus)) return <BlockingOverlay title={refused.title} text={refused.text} />;
    return (
      <Alert.Root status="error" data-testid="block-detail-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{block.loadFailure?.text ?? loaded.message}</Alert.Title>
          {block.loadFailure && loaded.message !== block.loadFailure.text && <Alert.Description>{loaded.message}</Alert.Description>}
        </Alert.Content>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setLoaded({ status: 'loading' });
            setAttempt((count) => count + 1);
          }}
        >
          Try again
        </Button>
      </Alert.Root>
    );
  }
  const heading = textOf(block.heading, recordScope);
  const caption = textOf(block.caption, recordScope);
  const blocked = block.blocking && Boolean(evaluateLogic(block.blocking.when, recordScope as unknown as Record<string, unknown>));
  return (
    <Stack gap="6" data-testid={`block-detail-${form.id}`}>
      {(caption || heading) && (
        <Stack gap="1">
          {caption && (
            <Text color="fg.muted" data-testid="detail-caption">
              {caption}
            </Text>
          )}
          {heading && (
            <Heading as="h2" size="lg" data-testid="detail-heading">
              {heading}
            </Heading>
          )}
        </Stack>
      )}
      {block.notices && <DetailNotices notices={block.notices} scope={recordScope} />}
      {blocked && block.blocking && <BlockingOverlay title={block.blocking.title} text={textOf(block.blocking.text, recordScope)} />}
      {!blocked && block.actions && block.actions.length > 0 && <DetailActions actions={block.actions} record={loaded.record} scope={recordScope} />}
      <PageContext.Provider value={ownContext}>
        <RecordForm
          key={`${attempt}:${revision}`}
          form={shownForm}
          record={loaded.record}
          params={params}
          editable={editable && editableNow(block, recordScope)}
          onSaved={(record) => setLoaded({ status: 'ready', record })}
        />
        {block.related?.map((related, index) => (
          <BlockView key={index} block={related} scope={recordScope} showTitle />
        ))}
      </PageContext.Provider>
    </Stack>
  );
}

/**
 * The detail's buttons: each acts on the record as a row action acts on its row (a dialog loads and saves it,
 * an operation runs on it, a link goes to a page of it). An action whose `disabledReason` yields a text is
 * shown disabled with that text beside it. A change is announced to the page, so every block reads again.
 */
function DetailActions({ actions, record, scope }: { actions: PageAction[]; record: Record<string, unknown>; scope: PageScope }) {
  const { form, permissions } = usePageContext();
  const runner = useActionRunner({ rowKey: 'id', scope, onChanged: useCallback((delayMs: number) => window.setTimeout(announcePageChange, delayMs), []) });
  const offered = useMemo(
    () => actions.filter((action) => actionOffered(action, 'row', action.dialog ? form(action.dialog) : undefined, permissions) && shownFor(action, record, scope)),
    [actions, form, permissions, record, scope],
  );
  const names = useMemo(() => offered.map((action) => action.id), [offered]);
  useModalRequest(names, useCallback((name: string) => {
    const action = offered.find((candidate) => candidate.id === name);
    if (action) runner.start(action, { row: record });
  }, [offered, runner, record]));
  if (offered.length === 0) return null;
  return (
    <HStack gap="3" wrap="wrap" justify="end" data-testid="detail-actions">
      {offered.map((action) => {
        const reason = textOf(action.disabledReason, scope);
        return (
          <HStack key={action.id} gap="2">
            {reason && (
              <Text fontSize="sm" color="fg.muted" data-testid={`action-reason-${action.id}`}>
                {reason}
              </Text>
            )}
            <Button colorPalette="blue" variant={action.destructive ? 'outline' : 'solid'} disabled={Boolean(reason)} title={reason || undefined} onClick={() => runner.start(action, { row: record })}>
              {action.label}
            </Button>
          </HStack>
        );
      })}
      {runner.element}
    </HStack>
  );
}

/** An action's `when` reads the record (as `row` and `record`) and the page's route and query (a step of a flow, `?flow=bind`). */
function shownFor(action: PageAction, record: Record<string, unknown>, scope: PageScope): boolean {
  return action.when === undefined || Boolean(evaluateLogic(action.when, { route: scope.route, query: scope.query ?? {}, row: record, record }));
}

function editableNow(block: DetailBlock, scope: PageScope): boolean {
  return block.editableWhen === undefined || Boolean(evaluateLogic(block.editableWhen, scope as unknown as Record<string, unknown>));
}

function RecordForm({
  form,
  record,
  params,
  editable,
  onSaved,
}: {
  form: FormDefinition;
  record: Record<string, unknown>;
  params: Record<string, unknown>;
  editable: boolean;
  onSaved: (record: Record<string, unknown>) => void;
}) {
  const { edition, rules, permissions } = usePageContext();
  const editions = useEditions();
  const initial = useMemo(() => formFields(form, record), [form, record]);
  const session = useFormSession(form, rules, initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const updateId = form.binding?.update;
  const mayEdit = editable && Boolean(updateId) && mayRun(updateId, permissions);
  const precheck = usePrecheck(form);
  // A tab around the form asks before it is left with changes (tabs-block.tsx).
  const { dirty } = useSessionSnapshot(session);
  useReportUnsavedWork(mayEdit && dirty);

  const save = useCallback(async (payload: Record<string, unknown>) => {
    if (!updateId) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const body = formFields(form, payload);
      await precheck.check({ params, body });
      const saved = (await runNamed(run, updateId, { params, body })) as Record<string, unknown>;
      toaster.create({ type: 'success', title: 'Changes saved', closable: true });
      // A saved record can show in lists read before (its own related tables, the list it came from).
      listCache.forgetAll();
      onSaved(saved);
    } catch (error) {
      if (error instanceof SubmitCancelled) return;
      const refused = saveFailure(error, form.binding?.failureText ?? DEFAULT_FAILURE_TEXT);
      setFailure(refused.message);
      if (refused.fieldErrors.length > 0) {
        session.setServerErrors(refused.fieldErrors);
        const path = session.firstServerErrorPath();
        if (path) requestAnimationFrame(() => focusField(detailIdPrefix(form), path));
      }
    } finally {
      setSaving(false);
    }
  }, [session, updateId, params, form, onSaved, precheck]);

  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="5">
      {failure && (
        <Alert.Root status="error" mb="4" data-testid="detail-error">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
      <DefinitionForm session={session} edition={edition} editions={editions} today={rules.today} idPrefix={detailIdPrefix(form)} readOnly={!mayEdit} onSubmit={(payload) => void save(payload)}>
        {mayEdit ? (
          <HStack justify="end" mt="4">
            <Button type="submit" colorPalette="blue" loading={saving}>
              {form.actions?.submitLabel ?? 'Save'}
            </Button>
          </HStack>
        ) : (
          <></>
        )}
      </DefinitionForm>
      {precheck.element}
    </Box>
  );
}
