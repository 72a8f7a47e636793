import { useCallback, useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, CloseButton, Flex, Grid, Heading, HStack, Link as ChakraLink, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { diffJson, type EditionId, type FormDefinition, type MetaKind } from '../../engine/index.ts';
import { registryResultAtom } from '../definitions/registry-atoms.ts';
import { useDefinitionSource } from '../definitions/use-registry.ts';
import { useReloadServerDefinitions } from '../definitions/server-source.ts';
import { EditionSwitch } from '../preview/edition-switch.tsx';
import { usePermission } from '../session/use-session.ts';
import { definitionIdOf, expectedMetaKind, studioPath, type StudioKey } from './document-keys.ts';
import { checkDraft, resolveIn, type DraftFault } from './draft-check.ts';
import { clearDraft, documentText, readDraft, writeDraft } from './draft-storage.ts';
import { completionSchemaOf } from './completion-schema.ts';
import { publishFailureOf, type CurrentDocument, type PublishFailure } from './definition-documents.ts';
import { run } from '../session/run.ts';
import { JsonEditor } from './json-editor.tsx';
import { DraftFaults } from './draft-faults.tsx';
import { FormPicker, StudioPreview } from './studio-preview.tsx';
import { RuleTester } from './rule-tester.tsx';
import { DiffTable } from './diff-table.tsx';
import { DraftChanges, EditionChanges } from './draft-changes.tsx';
import { NoteDialog } from './note-dialog.tsx';
import { UnsavedChangesGuard, type LeaveTexts } from '../dialog/unsaved-changes-guard.tsx';
import { useDebounced } from './use-debounced.ts';
import { formatWhen, KIND_COLORS } from './format.ts';

const LEAVE_UNPUBLISHED: LeaveTexts = {
  question: 'Leave without publishing?',
  explanation: 'Your changes are not published. The draft stays in this browser, and you can come back to it.',
  stayLabel: 'Stay here',
  leaveLabel: 'Leave',
};

const META_KINDS: MetaKind[] = ['form', 'table', 'list', 'page', 'product', 'coverage-catalogue', 'rating-table', 'rater-presets', 'rater-sample-risks', 'overlay', 'edition'];

interface Props {
  studioKey: StudioKey;
  current: CurrentDocument;
  notice?: string;
  onNotice: (notice: string | undefined) => void;
  onReload: () => void;
  serverFailure?: string;
}

/** The editor for one document, with its live preview, rule tester, diffs and publish. */
export function DocumentEditor({ studioKey, current, notice, onNotice, onReload, serverFailure }: Props) {
  const key = studioKey.key;
  const base = useDefinitionSource();
  const loaded = useAtomValue(registryResultAtom);
  const reloadServer = useReloadServerDefinitions();
  const canWrite = usePermission(['definitions:write']);
  const original = useMemo(() => documentText(current.document), [current]);

  // A draft kept in this browser wins over the stored document, and says so.
  const [start] = useState(() => {
    const draft = readDraft(key);
    return draft && draft.text !== original ? { text: draft.text, baseVersion: draft.baseVersion, restoredAt: draft.savedAt } : { text: original, baseVersion: current.version };
  });
  const [text, setText] = useState(start.text);
  const [resetKey, setResetKey] = useState(0);
  const [baseVersion, setBaseVersion] = useState(start.baseVersion);
  const [restoredAt, setRestoredAt] = useState(start.restoredAt);
  const dirty = text !== original;

  const onChange = useCallback(
    (next: string) => {
      setText(next);
      // Written on every change, not on a timer: a reload right after typing keeps the last keystroke.
      if (next === original) clearDraft(key);
      else writeDraft(key, { text: next, baseVersion });
    },
    [key, original, baseVersion],
  );

  const discard = () => {
    clearDraft(key);
    setText(original);
    setBaseVersion(current.version);
    setResetKey((value) => value + 1);
    setRestoredAt(undefined);
    setServerFaults(undefined);
  };

  // The engine's checks, once typing pauses; the preview keeps the last draft that loaded.
  const settled = useDebounced(text, 250);
  const check = useMemo(() => checkDraft(settled, studioKey, base), [settled, studioKey, base]);
  const [lastGood, setLastGood] = useState(() => check.registry ?? (loaded?.ok ? loaded.registry : undefined));
  if (check.registry && check.registry !== lastGood) setLastGood(check.registry);

  const [serverFaults, setServerFaults] = useState<{ text: string; faults: DraftFault[] }>();
  const faults = useMemo(
    () => (serverFaults && serverFaults.text === settled ? [...serverFaults.faults, ...check.faults] : check.faults),
    [serverFaults, settled, check],
  );

  const kind = expectedMetaKind(studioKey, check.document ?? current.document);
  const schema = useMemo(() => (kind && META_KINDS.includes(kind as MetaKind) ? completionSchemaOf(kind as MetaKind) : undefined), [kind]);

  const [edition, setEdition] = useState<EditionId>(studioKey.type === 'definition' ? 'us' : studioKey.edition);
  const [persona, setPersona] = useState('admin');
  const [pickedForm, setPickedForm] = useState('');
  const previewId = definitionIdOf(studioKey) ?? pickedForm;

  // Publish.
  const [publishOpen, setPublishOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PublishFailure>();
  const publish = async (note: string) => {
    let document: object;
    try {
      document = JSON.parse(text) as object;
    } catch {
      setFailure({ kind: 'other', message: 'The JSON does not parse; fix it before publishing.' });
      return;
    }
    setBusy(true);
    try {
      const published = await run('publishDefinition', { params: { key }, body: { document: document as Record<string, unknown>, note, baseVersion } });
      clearDraft(key);
      setPublishOpen(false);
      const warnings = published.warnings.length ? ` (${published.warnings.length} warning${published.warnings.length === 1 ? '' : 's'})` : '';
      onNotice(`Published version ${published.version} of ${key}${warnings}. Everyone gets it on their next page load.`);
      await reloadServer();
      onReload();
    } catch (error) {
      const outcome = publishFailureOf(error);
      if (outcome.kind === 'refused') {
        setServerFaults({
          text,
          faults: outcome.faults.map((fault) => ({
            pointer: fault.key === key ? fault.pointer : '',
            message: fault.key === key ? fault.message : `${fault.key}#${fault.pointer || '/'}: ${fault.message}`,
            severity: fault.severity,
            source: `server ${fault.check}`,
          })),
        });
        setPublishOpen(false);
      }
      setFailure(outcome);
    } finally {
      setBusy(false);
    }
  };

  const registry = lastGood;
  const resolvedForm = useMemo(() => {
    if (!registry || !previewId) return undefined;
    const resolved = resolveIn(registry, previewId, edition);
    return resolved.ok && resolved.definition.kind === 'form' ? (resolved.definition as FormDefinition) : undefined;
  }, [registry, previewId, edition]);

  return (
    <Stack gap="4">
      <UnsavedChangesGuard when={dirty} texts={LEAVE_UNPUBLISHED} />
      <Flex gap="4" wrap="wrap" align="start" justify="space-between">
        <Box>
          <ChakraLink asChild fontSize="sm" color="fg.muted">
            <Link to={studioPath()}>← Definition studio</Link>
          </ChakraLink>
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size="xl" fontFamily="mono">
              {key}
            </Heading>
            <Badge colorPalette={KIND_COLORS[current.kind] ?? 'gray'}>{current.kind}</Badge>
            {current.status === 'published' ? <Badge colorPalette="green">{`published version ${current.version}`}</Badge> : <Badge>default</Badge>}
            {dirty && <Badge colorPalette="yellow">unpublished changes</Badge>}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {current.status === 'published'
              ? `Version ${current.version} by ${current.author ?? 'unknown'}, ${formatWhen(current.updated)}${current.note ? `: ${current.note}` : ''}`
              : 'The file shipped with the product is current (version 0)'}
          </Text>
        </Box>
        <HStack gap="2" wrap="wrap">
          <Button asChild size="sm" variant="outline">
            <Link to={studioPath(key, 'history')}>History</Link>
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={discard} disabled={!dirty}>
            Discard draft
          </Button>
          <Button
            size="sm"
            colorPalette="blue"
            disabled={!dirty || !canWrite || Boolean(check.syntaxError)}
            title={!canWrite ? 'Publishing needs the definitions:write permission' : !dirty ? 'Nothing to publish yet' : undefined}
            onClick={() => {
              setFailure(undefined);
              setPublishOpen(true);
            }}
          >
            Publish…
          </Button>
        </HStack>
      </Flex>

      {notice && (
        <Alert.Root status="success" data-testid="studio-notice">
          <Alert.Indicator />
          <Alert.Title flex="1">{notice}</Alert.Title>
          <CloseButton size="sm" aria-label="Dismiss" onClick={() => onNotice(undefined)} />
        </Alert.Root>
      )}
      {restoredAt !== undefined && (
        <Alert.Root status="info" data-testid="draft-restored">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Draft restored</Alert.Title>
            <Alert.Description>
              {`Your unpublished changes from ${formatWhen(restoredAt) || 'earlier'} were kept in this browser.`}
              {baseVersion !== current.version && ` They were made on version ${baseVersion}; version ${current.version} is now current.`}
            </Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={discard}>
            Discard draft
          </Button>
          <CloseButton size="sm" aria-label="Dismiss" onClick={() => setRestoredAt(undefined)} />
        </Alert.Root>
      )}
      {failure?.kind === 'refused' && (
        <Alert.Root status="error" data-testid="publish-refused">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{failure.message}</Alert.Title>
            <Alert.Description>The faults are marked in the editor. Nothing was published.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {serverFailure && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{serverFailure}</Alert.Title>
        </Alert.Root>
      )}

      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
        <Stack gap="2" position={{ lg: 'sticky' }} top={{ lg: '4' }}>
          <JsonEditor value={text} resetKey={resetKey} onChange={onChange} schema={schema} faults={faults} label={`JSON of ${key}`} />
          <DraftFaults faults={faults} syntaxError={check.syntaxError} checking={settled !== text} />
        </Stack>
        <Tabs.Root defaultValue="preview" variant="enclosed" size="sm" lazyMount unmountOnExit>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between" mb="3">
            <Tabs.List>
              <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
              <Tabs.Trigger value="rules" disabled={!resolvedForm}>
                Rule tester
              </Tabs.Trigger>
              <Tabs.Trigger value="editions">US vs UK</Tabs.Trigger>
              <Tabs.Trigger value="changes">Changes</Tabs.Trigger>
            </Tabs.List>
            <EditionSwitch editions={registry?.editions() ?? ['us', 'uk']} value={edition} onChange={setEdition} />
          </Flex>
          <Tabs.Content value="preview">
            {studioKey.type === 'edition' && registry && <Box mb="3"><FormPicker registry={registry} value={pickedForm} onChange={setPickedForm} /></Box>}
            {registry && previewId ? (
              <StudioPreview registry={registry} definitionId={previewId} edition={edition} persona={persona} onPersona={setPersona} />
            ) : (
              <Text color="fg.muted">Nothing to preview until the draft loads.</Text>
            )}
          </Tabs.Content>
          <Tabs.Content value="rules">{resolvedForm && <RuleTester key={`${previewId}:${edition}`} form={resolvedForm} edition={edition} />}</Tabs.Content>
          <Tabs.Content value="editions">{registry && <EditionChanges registry={registry} studioKey={studioKey} />}</Tabs.Content>
          <Tabs.Content value="changes">
            <DraftChanges base={base} studioKey={studioKey} before={current.document} after={check.document} beforeLabel={`Version ${current.version}`} />
          </Tabs.Content>
        </Tabs.Root>
      </Grid>

      <NoteDialog
        open={publishOpen}
        title={`Publish ${key}`}
        confirmLabel={failure?.kind === 'conflict' ? `Publish over version ${failure.currentVersion}` : 'Publish'}
        busy={busy}
        error={failure?.kind === 'other' ? failure.message : undefined}
        onClose={() => setPublishOpen(false)}
        onConfirm={(note) => {
          if (failure?.kind === 'conflict') setBaseVersion(failure.currentVersion);
          void publish(note);
        }}
      >
        {failure?.kind === 'conflict' ? (
          <ConflictPanel studioKey={studioKey} failure={failure} draft={check.document} onLoadCurrent={() => { clearDraft(key); onReload(); }} />
        ) : (
          <Text fontSize="sm">
            {`Publishes the draft as version ${baseVersion + 1} of ${key}. It takes effect for every user on their next page load; any version can be restored later.`}
            {faults.some((fault) => fault.severity === 'error') && ' The draft has errors: the server will refuse it until they are fixed.'}
          </Text>
        )}
      </NoteDialog>
    </Stack>
  );
}

/** Someone published since this draft began: say who, show their change beside the draft, and offer both ways out. */
function ConflictPanel({ studioKey, failure, draft, onLoadCurrent }: { studioKey: StudioKey; failure: Extract<PublishFailure, { kind: 'conflict' }>; draft: unknown; onLoadCurrent: () => void }) {
  const [theirs, setTheirs] = useState<unknown>();
  const [error, setError] = useState<string>();
  const changes = useMemo(() => (theirs === undefined ? [] : diffJson(theirs, draft)), [theirs, draft]);
  return (
    <Stack gap="3">
      <Alert.Root status="warning" data-testid="publish-conflict">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Someone else published first</Alert.Title>
          <Alert.Description>{failure.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setError(undefined);
            run('getDefinitionDocument', { params: { key: studioKey.key } }).then(
              (document) => setTheirs(document.document),
              (failed: unknown) => setError((failed as Error).message),
            );
          }}
        >
          Compare with version {failure.currentVersion}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={onLoadCurrent}>
          Load version {failure.currentVersion} (discard my draft)
        </Button>
      </HStack>
      {error && <Text color="fg.error">{error}</Text>}
      {theirs !== undefined && <DiffTable changes={changes} beforeLabel={`Version ${failure.currentVersion}`} afterLabel="Your draft" />}
      <Text fontSize="sm">Or write a note and publish your draft over their version.</Text>
    </Stack>
  );
}

