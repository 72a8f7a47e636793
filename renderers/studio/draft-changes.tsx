import { useMemo, useState } from 'react';
import { Alert, HStack, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react';
import { diffJson, type DefinitionSourceDocuments, type JsonChange, type Registry } from '../../engine/index.ts';
import { definitionIdOf, type StudioKey } from './document-keys.ts';
import { viewLabel, viewOf, type DiffView } from './resolved-views.ts';
import { DiffTable } from './diff-table.tsx';

/** Stored JSON, or what each edition's users get. */
export function ViewSelect({ id, value, onChange, editions, label = 'Compare' }: { id: string; value: DiffView; onChange: (view: DiffView) => void; editions: string[]; label?: string }) {
  return (
    <HStack gap="2">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <NativeSelect.Root size="sm" width="44">
        <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.target.value as DiffView)} bg="bg">
          <option value="document">{viewLabel('document')}</option>
          {editions.map((edition) => (
            <option key={edition} value={edition}>
              {viewLabel(edition as DiffView)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}

type Diffed = { ok: true; changes: JsonChange[] } | { ok: false; message: string };

/** The changes between two documents of one key, in one view; a side that does not load says why. */
export function diffInView(base: DefinitionSourceDocuments, studioKey: StudioKey, before: unknown, after: unknown, view: DiffView): Diffed {
  try {
    return { ok: true, changes: diffJson(viewOf(base, studioKey, before, view), viewOf(base, studioKey, after, view)) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** The draft against the version it started from, as stored or per edition. */
export function DraftChanges({ base, studioKey, before, after, beforeLabel }: { base: DefinitionSourceDocuments; studioKey: StudioKey; before: unknown; after: unknown; beforeLabel: string }) {
  const [view, setView] = useState<DiffView>('document');
  const editions = base.editions.map((entry) => String((entry.document as { id?: unknown }).id));
  const diffed = useMemo(() => (after === undefined ? undefined : diffInView(base, studioKey, before, after, view)), [base, studioKey, before, after, view]);
  return (
    <Stack gap="3" data-testid="draft-changes">
      {definitionIdOf(studioKey) && <ViewSelect id="draft-changes-view" value={view} onChange={setView} editions={editions} />}
      {!diffed ? (
        <Text color="fg.muted">The draft is not valid JSON yet.</Text>
      ) : diffed.ok ? (
        <DiffTable changes={diffed.changes} beforeLabel={beforeLabel} afterLabel="Draft" emptyText="The draft is the same as the published version" />
      ) : (
        <DiffFailure message={diffed.message} />
      )}
    </Stack>
  );
}

/** The same definition as the US and the UK edition resolve it (what QA diffs), or the two editions' settings. */
export function EditionChanges({ registry, studioKey }: { registry: Registry; studioKey: StudioKey }) {
  // US first: the default edition on the left, as QA's snapshots read.
  const editions = [...registry.editions()].sort((a, b) => (a === 'us' ? -1 : b === 'us' ? 1 : a.localeCompare(b)));
  const [left, right] = [editions[0] ?? 'us', editions[1] ?? 'uk'];
  const id = definitionIdOf(studioKey);
  const diffed = useMemo<Diffed>(() => {
    try {
      return id
        ? { ok: true, changes: diffJson(registry.resolve(id, left), registry.resolve(id, right)) }
        : { ok: true, changes: diffJson(registry.edition(left), registry.edition(right)) };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  }, [registry, id, left, right]);
  return (
    <Stack gap="3" data-testid="edition-changes">
      <Text fontSize="sm" color="fg.muted">
        {id ? `${id} as the ${left.toUpperCase()} and ${right.toUpperCase()} editions resolve it, with this draft.` : 'The settings of the two editions.'}
      </Text>
      {diffed.ok ? <DiffTable changes={diffed.changes} beforeLabel={left.toUpperCase()} afterLabel={right.toUpperCase()} emptyText="Both editions get the same definition" /> : <DiffFailure message={diffed.message} />}
    </Stack>
  );
}

export function DiffFailure({ message }: { message: string }) {
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>This comparison cannot be drawn</Alert.Title>
        <Alert.Description whiteSpace="pre-wrap">{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
