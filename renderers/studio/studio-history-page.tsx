import { useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Flex, Heading, HStack, Link as ChakraLink, NativeSelect, Skeleton, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { Link, useParams } from 'react-router';
import { useReloadServerDefinitions, useServerDefinitions } from '../definitions/server-source.ts';
import { useDefinitionSource } from '../definitions/use-registry.ts';
import { usePermission } from '../session/use-session.ts';
import { definitionIdOf, parseStudioKey, studioPath, type StudioKey } from './document-keys.ts';
import { loadFailureMessage, publishFailureOf, type VersionList, type VersionSummary } from './definition-documents.ts';
import { run } from '../session/run.ts';
import { useAsync } from './use-async.ts';
import { StudioNotFound } from './studio-not-found.tsx';
import { DiffTable } from './diff-table.tsx';
import { DiffFailure, diffInView, ViewSelect } from './draft-changes.tsx';
import { NoteDialog } from './note-dialog.tsx';
import { formatWhen } from './format.ts';
import type { DiffView } from './resolved-views.ts';

/** /admin/studio/:key/history — every version, a side-by-side diff of any two (stored or per edition), and restore. */
export function StudioHistoryPage() {
  const { key = '' } = useParams();
  const studioKey = parseStudioKey(key);
  useServerDefinitions();
  const versions = useAsync(() => run('listDefinitionVersions', { params: { key } }), [key]);
  // Kept here: the history below starts afresh with every new current version.
  const [notice, setNotice] = useState<string>();
  if (!studioKey) return <StudioNotFound message={`"${key}" is not a definition key.`} />;
  return (
    <Stack gap="5">
      <Box>
        <ChakraLink asChild fontSize="sm" color="fg.muted">
          <Link to={studioPath(key)}>{`← Back to ${key}`}</Link>
        </ChakraLink>
        <Heading as="h1" size="xl">
          History of <chakra.span fontFamily="mono">{key}</chakra.span>
        </Heading>
      </Box>
      {versions.status === 'failed' ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The versions could not be loaded</Alert.Title>
            <Alert.Description>{loadFailureMessage(versions.error)}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={versions.reload}>
            Try again
          </Button>
        </Alert.Root>
      ) : versions.status === 'loading' ? (
        <Stack gap="2" aria-busy="true">
          <Skeleton height="8" />
          <Skeleton height="8" />
          <Skeleton height="8" />
        </Stack>
      ) : (
        <>
          {notice && (
            <Alert.Root status="success" data-testid="studio-notice">
              <Alert.Indicator />
              <Alert.Title>{notice}</Alert.Title>
            </Alert.Root>
          )}
          <History
            key={versions.data.currentVersion}
            studioKey={studioKey}
            list={versions.data}
            onChanged={(message) => {
              setNotice(message);
              versions.reload();
            }}
          />
        </>
      )}
    </Stack>
  );
}

function History({ studioKey, list, onChanged }: { studioKey: StudioKey; list: VersionList; onChanged: (notice: string) => void }) {
  const versions = list.content;
  const newest = versions[0]?.version ?? 0;
  const [from, setFrom] = useState(versions[1]?.version ?? newest);
  const [to, setTo] = useState(newest);
  const [restoring, setRestoring] = useState<VersionSummary>();
  const canWrite = usePermission(['definitions:write']);
  return (
    <Stack gap="5">
      <Box borderWidth="1px" rounded="md" bg="bg" overflowX="auto">
        <Table.Root size="sm" aria-label="Versions">
          <Table.Header>
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader>Version</Table.ColumnHeader>
              <Table.ColumnHeader>Note</Table.ColumnHeader>
              <Table.ColumnHeader>Author</Table.ColumnHeader>
              <Table.ColumnHeader>When</Table.ColumnHeader>
              <Table.ColumnHeader>Compare</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {versions.map((version) => (
              <Table.Row key={version.version} data-version={version.version}>
                <Table.Cell whiteSpace="nowrap">
                  <HStack gap="2">
                    <Text fontWeight="semibold">{version.version === 0 ? '0 (file)' : version.version}</Text>
                    {version.current && (
                      <Badge size="sm" colorPalette="green">
                        current
                      </Badge>
                    )}
                    {version.restoredFrom !== null && (
                      <Badge size="sm" colorPalette="purple">{`restores ${version.restoredFrom}`}</Badge>
                    )}
                  </HStack>
                </Table.Cell>
                <Table.Cell>{version.note}</Table.Cell>
                <Table.Cell>{version.author ?? ''}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatWhen(version.created)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <HStack gap="1">
                    <Button size="xs" variant={from === version.version ? 'solid' : 'outline'} aria-pressed={from === version.version} onClick={() => setFrom(version.version)} aria-label={`Compare from version ${version.version}`}>
                      From
                    </Button>
                    <Button size="xs" variant={to === version.version ? 'solid' : 'outline'} aria-pressed={to === version.version} onClick={() => setTo(version.version)} aria-label={`Compare to version ${version.version}`}>
                      To
                    </Button>
                  </HStack>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  {!version.current && (
                    <Button size="xs" variant="outline" colorPalette="orange" disabled={!canWrite} onClick={() => setRestoring(version)} aria-label={`Restore version ${version.version}`}>
                      Restore
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <VersionDiff studioKey={studioKey} versions={versions} from={from} to={to} onFrom={setFrom} onTo={setTo} />
      {restoring && (
        <RestoreDialog
          studioKey={studioKey}
          version={restoring}
          baseVersion={list.currentVersion}
          onClose={() => setRestoring(undefined)}
          onRestored={(message) => {
            setRestoring(undefined);
            onChanged(message);
          }}
        />
      )}
    </Stack>
  );
}

function VersionDiff({ studioKey, versions, from, to, onFrom, onTo }: { studioKey: StudioKey; versions: VersionSummary[]; from: number; to: number; onFrom: (v: number) => void; onTo: (v: number) => void }) {
  const base = useDefinitionSource();
  const editions = base.editions.map((entry) => String((entry.document as { id?: unknown }).id));
  const [view, setView] = useState<DiffView>(definitionIdOf(studioKey) ? (studioKey.type === 'overlay' ? studioKey.edition : 'us') : 'document');
  const documents = useAsync(() => Promise.all([run('getDefinitionVersion', { params: { key: studioKey.key, version: from } }), run('getDefinitionVersion', { params: { key: studioKey.key, version: to } })]), [studioKey.key, from, to]);
  const diffed = useMemo(
    () => (documents.status === 'ready' ? diffInView(base, studioKey, documents.data[0].document, documents.data[1].document, view) : undefined),
    [documents, base, studioKey, view],
  );
  const label = (version: number) => (version === 0 ? 'Version 0 (file)' : `Version ${version}`);
  return (
    <Stack gap="3" data-testid="version-diff">
      <Flex gap="4" wrap="wrap" align="center">
        <Heading as="h2" size="md">
          Differences
        </Heading>
        <VersionSelect id="diff-from" label="From" value={from} versions={versions} onChange={onFrom} />
        <VersionSelect id="diff-to" label="To" value={to} versions={versions} onChange={onTo} />
        {definitionIdOf(studioKey) && <ViewSelect id="diff-view" label="As" value={view} onChange={setView} editions={editions} />}
      </Flex>
      {documents.status === 'failed' ? (
        <DiffFailure message={loadFailureMessage(documents.error)} />
      ) : !diffed ? (
        <Skeleton height="24" />
      ) : diffed.ok ? (
        <DiffTable changes={diffed.changes} beforeLabel={label(from)} afterLabel={label(to)} emptyText={from === to ? 'Pick two different versions to compare' : 'No differences in this view'} />
      ) : (
        <DiffFailure message={diffed.message} />
      )}
    </Stack>
  );
}

function VersionSelect({ id, label, value, versions, onChange }: { id: string; label: string; value: number; versions: VersionSummary[]; onChange: (version: number) => void }) {
  return (
    <HStack gap="2">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <NativeSelect.Root size="sm" width="36">
        <NativeSelect.Field id={id} value={String(value)} onChange={(event) => onChange(Number(event.target.value))} bg="bg">
          {versions.map((version) => (
            <option key={version.version} value={version.version}>
              {version.version === 0 ? '0 (file)' : `${version.version}${version.current ? ' (current)' : ''}`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}

function RestoreDialog({ studioKey, version, baseVersion, onClose, onRestored }: { studioKey: StudioKey; version: VersionSummary; baseVersion: number; onClose: () => void; onRestored: (message: string) => void }) {
  const reloadServer = useReloadServerDefinitions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <NoteDialog
      open
      title={`Restore version ${version.version} of ${studioKey.key}`}
      confirmLabel="Restore"
      busy={busy}
      error={error}
      onClose={onClose}
      onConfirm={(note) => {
        setBusy(true);
        setError(undefined);
        run('restoreDefinitionVersion', { params: { key: studioKey.key }, body: { version: version.version, note, baseVersion } })
          .then(async (published) => {
            await reloadServer();
            onRestored(`Version ${version.version} was restored as version ${published.version}. Everyone gets it on their next page load.`);
          })
          .catch((failed: unknown) => {
            const outcome = publishFailureOf(failed);
            setError(
              outcome.kind === 'refused'
                ? `${outcome.message} ${outcome.faults.map((fault) => `${fault.key}#${fault.pointer || '/'}: ${fault.message}`).join('; ')}`
                : outcome.message,
            );
          })
          .finally(() => setBusy(false));
      }}
    >
      <Text fontSize="sm">
        {`Publishes the document of version ${version.version} again, as version ${baseVersion + 1}. Nothing is overwritten: the versions in between stay in the history.`}
      </Text>
    </NoteDialog>
  );
}
