import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, chakra, CloseButton, Dialog, Field, HStack, Link, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { Select } from 'chakra-react-select';
import { Link as RouterLink } from 'react-router';
import { runNamed } from '../../api/run.ts';
import { BlockView } from '../page/blocks/block-view.tsx';
import { usePageContext } from '../page/page-context.ts';
import { listCache } from '../page/session-list-cache.ts';
import { api } from '../session/api.ts';
import { run } from '../session/run.ts';
import { toaster } from '../shell/toaster.tsx';

/** The most a file may weigh (server/resources/uploads/upload-texts.ts), checked here first to spare the upload. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Spec 001 sections 5 and 8. */
export const UPLOAD_TEXTS = {
  tooBig: 'The file size is too big, 5MB max.',
  noFile: 'No file selected for upload.',
  wrongType: 'Upload a .xls, .xlsx or .csv file.',
  success: 'Uploaded Successfully',
} as const;
const ACCEPT = '.xls,.xlsx,.csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
const UPLOADS_TABLE = { type: 'table', table: 'account-uploads' } as const;

interface Choice {
  value: string;
  label: string;
  accountId?: string;
}

const rowsOf = (answer: unknown) => ((answer as { content?: Array<Record<string, unknown>> } | null)?.content ?? []);

/**
 * Bulk upload of accounts (spec 001 section 2 dialog 'Bulk upload'): the Bulk Upload and template buttons, the
 * dialog (the file, the organisation's tags, the team the accounts go to, the add-red-accounts flag; provider staff
 * also choose the agency), and the upload records below, read again after each upload. A failed upload closes the
 * dialog without a word (spec 001 section 8); its record, when the server kept one, says what happened.
 */
export function BulkUpload() {
  const { areaBase, preview, edition } = usePageContext();
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(0);
  const [downloading, setDownloading] = useState(false);

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      const { data, response } = await api.GET('/api/account/v1/bulk-upload/template', { parseAs: 'blob' });
      if (!response.ok || !(data instanceof Blob)) throw new Error(String(response.status));
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'account-upload-template.xlsx';
      const url = URL.createObjectURL(data);
      const anchor = Object.assign(document.createElement('a'), { href: url, download: name });
      anchor.click();
      URL.revokeObjectURL(url);
    } catch {
      toaster.create({ type: 'error', title: 'The template could not be downloaded', closable: true });
    } finally {
      setDownloading(false);
    }
  };

  const uploaded = () => {
    listCache.forgetAll();
    setVersion((count) => count + 1);
  };

  return (
    <Stack gap="4">
      <HStack gap="3" justifyContent="flex-end">
        <Button variant="outline" onClick={() => void downloadTemplate()} loading={downloading} disabled={preview}>
          Download template
        </Button>
        <Button colorPalette="blue" onClick={() => setOpen(true)} disabled={preview}>
          Bulk Upload
        </Button>
      </HStack>
      {open && <BulkUploadDialog admin={areaBase === '/admin'} agencyTerm={edition.terms.agency ?? 'agency'} AgencyTerm={edition.terms.Agency ?? 'Agency'} onClose={() => setOpen(false)} onUploaded={uploaded} />}
      <BlockView key={version} block={UPLOADS_TABLE} scope={{ route: {} }} />
    </Stack>
  );
}

function BulkUploadDialog({ admin, agencyTerm, AgencyTerm, onClose, onUploaded }: { admin: boolean; agencyTerm: string; AgencyTerm: string; onClose: () => void; onUploaded: () => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [tags, setTags] = useState<Choice[]>();
  const [teams, setTeams] = useState<Choice[]>([]);
  const [agencies, setAgencies] = useState<Choice[]>([]);
  const [chosenTags, setChosenTags] = useState<readonly Choice[]>([]);
  const [agencyId, setAgencyId] = useState('');
  const [teamId, setTeamId] = useState('');
  const [addRedAccounts, setAddRedAccounts] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    runNamed(run, 'listTags', { query: { size: 500, sort: 'name,asc' }, signal })
      .then((answer) => !signal.aborted && setTags(rowsOf(answer).map((row) => ({ value: String(row.name), label: String(row.name) }))))
      .catch(() => !signal.aborted && setTags([]));
    runNamed(run, 'listAllTeams', { query: { size: 3000, sort: 'name,asc' }, signal })
      .then((answer) => !signal.aborted && setTeams(rowsOf(answer).map((row) => ({ value: String(row.id), label: String(row.name), accountId: String(row.accountId) }))))
      .catch(() => undefined);
    if (admin) {
      runNamed(run, 'searchAgencies', { query: { size: 200, sort: 'name,asc' }, signal })
        .then((answer) => !signal.aborted && setAgencies(rowsOf(answer).map((row) => ({ value: String(row.id), label: String(row.name) }))))
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [admin]);

  // Provider staff see every organisation's teams: only the chosen agency's are offered.
  const teamChoices = admin ? teams.filter((team) => team.accountId === agencyId) : teams;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return setProblem(UPLOAD_TEXTS.noFile);
    if (!/\.(xlsx|xls|csv)$/i.test(file.name)) return setProblem(UPLOAD_TEXTS.wrongType);
    if (file.size > UPLOAD_MAX_BYTES) return setProblem(UPLOAD_TEXTS.tooBig);
    if (admin && !agencyId) return setProblem('Please select a Agency');
    setProblem(undefined);
    setBusy(true);
    const body = new FormData();
    body.append('tags', chosenTags.map((tag) => tag.value).join(','));
    body.append('addRedAccounts', String(addRedAccounts));
    if (teamId) body.append('teamId', teamId);
    if (admin) body.append('agencyId', agencyId);
    body.append('file', file);
    try {
      // The multipart body goes as it is: the browser writes its boundary (api/client.ts).
      const { error } = await api.POST('/api/account/v1/bulk-upload', { body: body as never, bodySerializer: (value: unknown) => value as FormData });
      if (error === undefined) toaster.create({ type: 'success', title: UPLOAD_TEXTS.success, closable: true });
    } catch {
      // Spec 001 section 8: 'a failure closes the dialog silently'; the upload record shows what happened.
    }
    onUploaded();
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && !busy && onClose()} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="dialog-bulk-upload">
            <chakra.form onSubmit={(event) => void submit(event)} noValidate>
              <Dialog.Header>
                <Dialog.Title>Bulk Upload</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted" fontSize="sm">
                    One account per line of the first sheet of a .xls, .xlsx or .csv file (5MB at most), with the template's columns.
                  </Text>
                  {problem && (
                    <Alert.Root status="error" data-testid="upload-problem">
                      <Alert.Indicator />
                      <Alert.Title>{problem}</Alert.Title>
                    </Alert.Root>
                  )}
                  <Field.Root required>
                    <Field.Label>File</Field.Label>
                    <chakra.input ref={fileInput} type="file" accept={ACCEPT} aria-label="File" fontSize="sm" />
                  </Field.Root>
                  {admin && (
                    <Field.Root required>
                      <Field.Label htmlFor="upload-agency">{AgencyTerm}</Field.Label>
                      <NativeSelect.Root size="sm">
                        <NativeSelect.Field id="upload-agency" value={agencyId} onChange={(event) => (setAgencyId(event.target.value), setTeamId(''))}>
                          <option value="">{`Choose the ${agencyTerm}`}</option>
                          {agencies.map((agency) => (
                            <option key={agency.value} value={agency.value}>{agency.label}</option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  )}
                  <Field.Root>
                    <Field.Label htmlFor="upload-tags">Tags</Field.Label>
                    {tags && tags.length === 0 && !admin ? (
                      <Text fontSize="sm" data-testid="upload-no-tags">
                        Your organisation has no tags yet.{' '}
                        <Link asChild colorPalette="blue" fontWeight="semibold">
                          <RouterLink to="/agency/manage/tags">Set up tags</RouterLink>
                        </Link>
                      </Text>
                    ) : (
                      <Select<Choice, true>
                        isMulti
                        inputId="upload-tags"
                        size="sm"
                        options={tags ?? []}
                        value={chosenTags}
                        onChange={setChosenTags}
                        isLoading={tags === undefined}
                        placeholder="Choose tags for every account"
                        closeMenuOnSelect={false}
                      />
                    )}
                  </Field.Root>
                  <Field.Root>
                    <Field.Label htmlFor="upload-team">Account creation: team</Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field id="upload-team" value={teamId} onChange={(event) => setTeamId(event.target.value)}>
                        <option value="">{`The ${agencyTerm}'s default team`}</option>
                        {teamChoices.map((team) => (
                          <option key={team.value} value={team.value}>{team.label}</option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Checkbox.Root checked={addRedAccounts} onCheckedChange={(details) => setAddRedAccounts(details.checked === true)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>Add red accounts (a blacklisted domain or an unknown industry code), flagged</Checkbox.Label>
                  </Checkbox.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="blue" loading={busy}>
                  Upload
                </Button>
              </Dialog.Footer>
            </chakra.form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
