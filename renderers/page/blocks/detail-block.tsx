import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { errorMessage } from '../../../api/api-error.ts';
import { runNamed } from '../../../api/run.ts';
import { evaluateLogic, evaluateLogicMap, type DetailBlock, type FormDefinition } from '../../../engine/index.ts';
import { DefinitionForm } from '../../form/definition-form.tsx';
import { focusField } from '../../form/field-ids.ts';
import { useFormSession } from '../../form/use-form-session.ts';
import { run } from '../../session/api.ts';
import { toaster } from '../../shell/toaster.tsx';
import { formFields } from '../form-fields.ts';
import { mayRun } from '../operation-access.ts';
import { usePageContext } from '../page-context.ts';
import type { PageScope } from '../page-scope.ts';
import { DEFAULT_FAILURE_TEXT } from '../record-dialog.tsx';
import { saveFailure } from '../save-failure.ts';
import { BlockView } from './block-view.tsx';
import { listCache } from '../session-list-cache.ts';
import { useStable } from '../../definitions/use-stable.ts';

type Loaded = { status: 'loading' } | { status: 'ready'; record: Record<string, unknown> } | { status: 'error'; message: string };

/** The id prefix of a detail form's fields. */
const DETAIL_ID_PREFIX = 'detail';

/**
 * One record, loaded by the route's parameters through the form's binding.load and shown through the
 * form: read-only, or editable and saved with binding.update. Related blocks below read the record.
 */
export function DetailBlockView({ block, scope }: { block: DetailBlock; scope: PageScope }) {
  const { form: formOf, preview } = usePageContext();
  const form = formOf(block.form);
  // Kept while equal, so a change of the address's query (a tab) does not load the record again.
  const params = useStable(useMemo(() => evaluateLogicMap(block.params, scope as unknown as Record<string, unknown>), [block.params, scope]));
  const [loaded, setLoaded] = useState<Loaded>(() => (preview ? { status: 'ready', record: (form.sample ?? {}) as Record<string, unknown> } : { status: 'loading' }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (preview) return undefined;
    const operationId = form.binding?.load;
    if (!operationId) return undefined;
    const controller = new AbortController();
    runNamed(run, operationId, { params, signal: controller.signal })
      .then((record) => !controller.signal.aborted && setLoaded({ status: 'ready', record: record as Record<string, unknown> }))
      .catch((error: unknown) => !controller.signal.aborted && setLoaded({ status: 'error', message: errorMessage(error) }));
    return () => controller.abort();
  }, [form, params, preview, attempt]);

  const recordScope = useMemo<PageScope>(() => ({ ...scope, record: loaded.status === 'ready' ? loaded.record : undefined }), [scope, loaded]);

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
      <Stack gap="3" aria-label="Loading" data-testid="block-detail-loading">
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} height="9" />
        ))}
      </Stack>
    );
  }
  if (loaded.status === 'error') {
    return (
      <Alert.Root status="error" data-testid="block-detail-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{loaded.message}</Alert.Title>
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
  return (
    <Stack gap="6" data-testid={`block-detail-${form.id}`}>
      <RecordForm
        key={String(attempt)}
        form={form}
        record={loaded.record}
        params={params}
        editable={!preview && block.editable === true && editableNow(block, recordScope)}
        onSaved={(record) => setLoaded({ status: 'ready', record })}
      />
      {block.related?.map((related, index) => (
        <BlockView key={index} block={related} scope={recordScope} showTitle />
      ))}
    </Stack>
  );
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
  const initial = useMemo(() => formFields(form, record), [form, record]);
  const session = useFormSession(form, rules, initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const updateId = form.binding?.update;
  const mayEdit = editable && Boolean(updateId) && mayRun(updateId, permissions);

  const save = useCallback(async (payload: Record<string, unknown>) => {
    if (!updateId) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const saved = (await runNamed(run, updateId, { params, body: formFields(form, payload) })) as Record<string, unknown>;
      toaster.create({ type: 'success', title: 'Changes saved', closable: true });
      // A saved record can show in lists read before (its own related tables, the list it came from).
      listCache.forgetAll();
      onSaved(saved);
    } catch (error) {
      const refused = saveFailure(error, form.binding?.failureText ?? DEFAULT_FAILURE_TEXT);
      setFailure(refused.message);
      if (refused.fieldErrors.length > 0) {
        session.setServerErrors(refused.fieldErrors);
        const path = session.firstServerErrorPath();
        if (path) requestAnimationFrame(() => focusField(DETAIL_ID_PREFIX, path));
      }
    } finally {
      setSaving(false);
    }
  }, [session, updateId, params, form, onSaved]);

  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="5">
      {failure && (
        <Alert.Root status="error" mb="4" data-testid="detail-error">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
      <DefinitionForm session={session} edition={edition} today={rules.today} idPrefix={DETAIL_ID_PREFIX} readOnly={!mayEdit} onSubmit={(payload) => void save(payload)}>
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
    </Box>
  );
}
