import { useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Heading, HStack, Input, Link as ChakraLink, NativeSelect, Skeleton, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { registryResultAtom } from '../definitions/registry-atoms.ts';
import { loadFailureMessage, type DocumentSummary } from './definition-documents.ts';
import { run } from '../session/run.ts';
import { useAsync } from './use-async.ts';
import { studioPath } from './document-keys.ts';
import { draftKeys } from './draft-storage.ts';
import { formatWhen, KIND_COLORS } from './format.ts';

const KINDS = ['form', 'table', 'list', 'page', 'product', 'coverage-catalogue', 'rating-table', 'rater-presets', 'rater-sample-risks', 'overlay', 'edition'];

/** Every document the studio can change: definitions, edition settings and overlays, with what is current. */
export function StudioList() {
  const documents = useAsync(() => run('listDefinitionDocuments').then((answer) => answer.content), []);
  const [text, setText] = useState('');
  const [kind, setKind] = useState('');
  const [status, setStatus] = useState('');
  const drafts = useMemo(() => draftKeys(), []);
  const wording = useTermWording();
  const all = documents.status === 'ready' ? documents.data : [];
  const needle = text.trim().toLowerCase();
  const shown = all.filter(
    (entry) =>
      (!kind || entry.kind === kind) &&
      (!status || entry.status === status) &&
      (!needle || `${entry.key} ${entry.title ?? ''} ${entry.author ?? ''} ${entry.note ?? ''}`.toLowerCase().includes(needle)),
  );

  return (
    <Stack gap="5">
      <Box>
        <Heading as="h1" size="xl">
          Definition studio
        </Heading>
        <Text color="fg.muted">
          Change a form, table, rule, message or wording, preview it in either edition, and publish it for everyone without a rebuild.
        </Text>
      </Box>
      <HStack gap="3" wrap="wrap" align="end">
        <Box flex="1 1 16rem" maxW="md">
          <chakra.label htmlFor="studio-search" fontSize="sm" fontWeight="medium" display="block" mb="1">
            Search
          </chakra.label>
          <Input id="studio-search" size="sm" bg="bg" placeholder="Key, title, author or note" value={text} onChange={(event) => setText(event.target.value)} />
        </Box>
        <FilterSelect id="studio-kind" label="Kind" value={kind} onChange={setKind} options={[['', 'All kinds'], ...KINDS.map((value) => [value, value] as [string, string])]} />
        <FilterSelect
          id="studio-status"
          label="Status"
          value={status}
          onChange={setStatus}
          options={[
            ['', 'Any status'],
            ['default', 'Default'],
            ['published', 'Published'],
          ]}
        />
        {documents.status === 'ready' && (
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {`${shown.length} of ${all.length} documents`}
          </Text>
        )}
      </HStack>
      {documents.status === 'failed' ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The definitions could not be listed</Alert.Title>
            <Alert.Description>{loadFailureMessage(documents.error)}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={documents.reload}>
            Try again
          </Button>
        </Alert.Root>
      ) : (
        <Box borderWidth="1px" rounded="md" bg="bg" overflowX="auto">
          <Table.Root size="sm" interactive aria-label="Definitions" aria-busy={documents.status === 'loading'}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>Key</Table.ColumnHeader>
                <Table.ColumnHeader>Kind</Table.ColumnHeader>
                <Table.ColumnHeader>Title</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Last change</Table.ColumnHeader>
                <Table.ColumnHeader>Author</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {documents.status === 'loading' &&
                Array.from({ length: 6 }, (_, index) => (
                  <Table.Row key={index}>
                    {Array.from({ length: 6 }, (__, cell) => (
                      <Table.Cell key={cell}>
                        <Skeleton height="4" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              {shown.map((entry) => (
                <DocumentRow key={entry.key} entry={entry} hasDraft={drafts.has(entry.key)} wording={wording} />
              ))}
              {documents.status === 'ready' && shown.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={6} textAlign="center" color="fg.muted" py="6">
                    No definitions match
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

function DocumentRow({ entry, hasDraft, wording }: { entry: DocumentSummary; hasDraft: boolean; wording: (text: string) => string }) {
  return (
    <Table.Row data-key={entry.key}>
      <Table.Cell>
        <HStack gap="2">
          <ChakraLink asChild colorPalette="blue" fontFamily="mono" fontSize="sm">
            <Link to={studioPath(entry.key)}>{entry.key}</Link>
          </ChakraLink>
          {hasDraft && (
            <Badge size="sm" colorPalette="yellow" title="A draft is kept in this browser">
              draft
            </Badge>
          )}
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <Badge variant="subtle" colorPalette={KIND_COLORS[entry.kind] ?? 'gray'}>
          {entry.kind}
        </Badge>
      </Table.Cell>
      <Table.Cell>{entry.title ? wording(entry.title) : (entry.edition ? `${entry.edition.toUpperCase()} ${entry.kind === 'overlay' ? `overlay of ${entry.id}` : 'edition settings'}` : '')}</Table.Cell>
      <Table.Cell>
        {entry.status === 'published' ? (
          <Badge size="sm" colorPalette="green">{`published version ${entry.version}`}</Badge>
        ) : (
          <Badge size="sm" colorPalette="gray">
            {entry.hasDefault ? 'default' : 'not published'}
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" title={entry.note ?? undefined}>
        {formatWhen(entry.updated) || <Text as="span" color="fg.muted">file</Text>}
      </Table.Cell>
      <Table.Cell>{entry.author ?? ''}</Table.Cell>
    </Table.Row>
  );
}

/** Titles as the US edition words them ('Agency License', not '{{Agency}} License'). */
function useTermWording(): (text: string) => string {
  const loaded = useAtomValue(registryResultAtom);
  return useMemo(() => {
    const terms = loaded?.ok && loaded.registry.editions().includes('us') ? loaded.registry.edition('us').terms : {};
    return (text: string) => text.replace(/\{\{(\w+)\}\}/g, (whole, term: string) => (terms as Record<string, string>)[term] ?? whole);
  }, [loaded]);
}

function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (value: string) => void; options: [string, string][] }) {
  return (
    <Box>
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" display="block" mb="1">
        {label}
      </chakra.label>
      <NativeSelect.Root size="sm" width="40" bg="bg">
        <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map(([optionValue, text]) => (
            <option key={optionValue} value={optionValue}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}
