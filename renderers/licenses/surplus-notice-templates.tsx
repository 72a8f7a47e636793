import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, chakra, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { errorMessage, messageForFailure } from '../../api/api-error.ts';
import { formatDateTime, type ListDefinition } from '../../engine/index.ts';
import { editionIdAtom } from '../definitions/registry-atoms.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { api } from '../session/api.ts';
import { run } from '../session/run.ts';
import { usePermission } from '../session/use-session.ts';
import { toaster } from '../shell/toaster.tsx';

/** The largest template the server takes (server/resources/licenses/notice-templates.ts), checked here first to spare the upload. */
export const NOTICE_MAX_BYTES = 2 * 1024 * 1024;
export const NOTICE_TEXTS = {
  tooBig: 'The file size is too big, 2MB max.',
  noFile: 'No file selected for upload.',
  noState: 'Please select the state of the surplus notice.',
  empty: 'No surplus notice has been uploaded yet.',
} as const;

interface Notice {
  state: string;
  fileName: string;
  size: number;
  uploadedAt: string;
  uploadedBy: string | null;
}

type Loaded = { status: 'loading' } | { status: 'ready'; notices: Notice[] } | { status: 'error'; message: string };

const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;

/**
 * The surplus lines notice of each state (the PDF an insured signs for a surplus lines quote): every user of
 * the page sees which states have one and downloads it; provider admins (reference:write) upload a state's
 * PDF, which replaces the one before. The server checks the file by content and size and audits the upload.
 */
export function SurplusNoticeTemplates() {
  const registry = useRegistry();
  const editionId = useAtomValue(editionIdAtom);
  const locale = registry.edition(editionId).locale;
  const states = useMemo(() => registry.resolve<ListDefinition>('us-states', editionId).items.filter((item) => !item.tags?.length), [registry, editionId]);
  const stateName = useCallback((code: string) => states.find((item) => item.value === code)?.label ?? code, [states]);
  const mayUpload = usePermission(['reference:write']);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    run('listSurplusNotices', { signal: controller.signal })
      .then((notices) => !controller.signal.aborted && setLoaded({ status: 'ready', notices }))
      .catch((error: unknown) => !controller.signal.aborted && setLoaded({ status: 'error', message: errorMessage(error) }));
    return () => controller.abort();
  }, [attempt]);

  const download = async (notice: Notice) => {
    const { data, error, response } = await api.GET('/api/docs/v1/template', { params: { query: { type: 'surplusNotice', state: notice.state } }, parseAs: 'blob' });
    if (error !== undefined || !(data instanceof Blob)) {
      toaster.create({ type: 'error', title: messageForFailure(response.status, error), closable: true });
      return;
    }
    const url = URL.createObjectURL(data);
    const link = document.createElement('a');
    link.href = url;
    link.download = notice.fileName;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="5" data-testid="surplus-notices">
      <Text color="fg.muted" maxW="3xl">
        The surplus lines notice an insured signs for a surplus lines quote, one PDF per state. Louisiana and Montana also keep the broker&apos;s signature on file.
      </Text>
      {mayUpload && <NoticeUpload states={states} onUploaded={() => setAttempt((count) => count + 1)} stateName={stateName} />}
      {loaded.status === 'error' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{loaded.message}</Alert.Title>
        </Alert.Root>
      )}
      {loaded.status === 'ready' && loaded.notices.length === 0 && <Text data-testid="surplus-notices-empty">{NOTICE_TEXTS.empty}</Text>}
      {loaded.status === 'ready' && loaded.notices.length > 0 && (
        <Table.Root size="sm" variant="outline" aria-label="Surplus notices">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>State</Table.ColumnHeader>
              <Table.ColumnHeader>File</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Size</Table.ColumnHeader>
              <Table.ColumnHeader>Uploaded</Table.ColumnHeader>
              <Table.ColumnHeader>By</Table.ColumnHeader>
              <Table.ColumnHeader>
                <chakra.span srOnly>Download</chakra.span>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loaded.notices.map((notice) => (
              <Table.Row key={notice.state}>
                <Table.Cell>{stateName(notice.state)}</Table.Cell>
                <Table.Cell>{notice.fileName}</Table.Cell>
                <Table.Cell textAlign="end">{kilobytes(notice.size)}</Table.Cell>
                <Table.Cell>{formatDateTime(notice.uploadedAt, locale)}</Table.Cell>
                <Table.Cell>{notice.uploadedBy ?? ''}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="outline" onClick={() => void download(notice)} aria-label={`Download the ${stateName(notice.state)} notice`}>
                    Download
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}

function NoticeUpload({ states, stateName, onUploaded }: { states: ListDefinition['items']; stateName: (code: string) => string; onUploaded: () => void }) {
  const [state, setState] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!state) return setProblem(NOTICE_TEXTS.noState);
    if (!file) return setProblem(NOTICE_TEXTS.noFile);
    if (file.size > NOTICE_MAX_BYTES) return setProblem(NOTICE_TEXTS.tooBig);
    setProblem(undefined);
    setBusy(true);
    const body = new FormData();
    body.append('state', state);
    body.append('file', file);
    try {
      // The multipart body goes as it is: the browser writes its boundary (api/client.ts).
      const { error, response } = await api.POST('/api/account/v1/agency/surplus/notice/upload', { body: body as never, bodySerializer: (value: unknown) => value as FormData });
      if (error !== undefined) return setProblem(messageForFailure(response.status, error));
      toaster.create({ type: 'success', title: `Surplus notice uploaded for ${stateName(state)}`, closable: true });
      if (fileInput.current) fileInput.current.value = '';
      onUploaded();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <chakra.form onSubmit={(event) => void submit(event)} aria-label="Upload a surplus notice" borderWidth="1px" borderRadius="md" p="4">
      <HStack gap="4" alignItems="end" flexWrap="wrap">
        <Stack gap="1">
          <chakra.label htmlFor="surplus-notice-state" fontSize="sm" fontWeight="medium">
            State
          </chakra.label>
          <NativeSelect.Root size="sm" width="56">
            <NativeSelect.Field id="surplus-notice-state" value={state} onChange={(event) => setState(event.target.value)}>
              <option value="">Select a State</option>
              {states.map((item) => (
                <option key={String(item.value)} value={String(item.value)}>
                  {item.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <Stack gap="1">
          <chakra.label htmlFor="surplus-notice-file" fontSize="sm" fontWeight="medium">
            Notice (PDF, 2MB max.)
          </chakra.label>
          <chakra.input id="surplus-notice-file" ref={fileInput} type="file" accept="application/pdf,.pdf" fontSize="sm" onChange={() => setProblem(undefined)} />
        </Stack>
        <Button type="submit" colorPalette="blue" size="sm" loading={busy}>
          Upload
        </Button>
      </HStack>
      {problem && (
        <Text role="alert" color="fg.error" fontSize="sm" mt="3" data-testid="surplus-notice-error">
          {problem}
        </Text>
      )}
    </chakra.form>
  );
}
