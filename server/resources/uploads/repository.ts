import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import type { RowResult } from './import-accounts.ts';
import type { UploadRequest } from './read-upload.ts';

interface UploadRow {
  id: string;
  agency_id: string;
  agency_name: string;
  file_name: string;
  file_type: string;
  file_size: number;
  tags: string[];
  add_red_accounts: boolean;
  team_name: string | null;
  num_uploaded: number;
  num_success: number;
  num_failure: number;
  upload_time: Date;
  uploaded_by: string | null;
}

function toUpload(row: UploadRow) {
  return {
    id: row.id,
    agencyId: row.agency_id,
    agencyName: row.agency_name,
    fileName: row.file_name,
    fileType: row.file_type,
    fileSize: row.file_size,
    tags: row.tags,
    addRedAccounts: row.add_red_accounts,
    teamName: row.team_name,
    numUploaded: row.num_uploaded,
    numSuccess: row.num_success,
    numFailure: row.num_failure,
    uploadTime: row.upload_time.toISOString(),
    uploadedBy: row.uploaded_by,
  };
}

export type AccountUpload = ReturnType<typeof toUpload>;

const SELECT = `u.id, u.agency_id, a.name AS agency_name, u.file_name, u.file_type, u.file_size, u.tags, u.add_red_accounts, t.name AS team_name,
  u.num_uploaded, u.num_success, u.num_failure, u.upload_time, nullif(trim(concat_ws(' ', us.first_name, us.last_name)), '') AS uploaded_by`;
const FROM = 'account_uploads u JOIN accounts a ON a.id = u.agency_id LEFT JOIN teams t ON t.id = u.team_id LEFT JOIN users us ON us.id = u.uploaded_by';

/** An agency's uploads are its own; provider staff see every agency's. */
const visibleTo = (caller: Caller) => (params: SqlParams) => tenantCondition(tenantScopeOf(caller), { account: 'u.agency_id', agency: 'u.agency_id' }, params);

const UPLOADS: ListSpec<UploadRow, AccountUpload> = {
  select: SELECT,
  from: FROM,
  sorts: { uploadTime: 'u.upload_time', fileName: 'lower(u.file_name)', numUploaded: 'u.num_uploaded', numSuccess: 'u.num_success', numFailure: 'u.num_failure', agencyName: 'lower(a.name)' },
  defaultSort: { field: 'uploadTime', direction: 'desc' },
  tieBreak: ['u.id'],
  search: ['u.file_name', 'a.name'],
  ranges: { uploadTime: { sql: 'u.upload_time', kind: 'date' } },
  toItem: toUpload,
};

export function searchUploads(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, UPLOADS, query, visibleTo(caller));
}

export async function findUpload(db: Queryable, caller: Caller, id: string): Promise<AccountUpload | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const [row] = await db.query<UploadRow>(`SELECT ${SELECT} FROM ${FROM} WHERE u.id = ${idParam} AND ${visibleTo(caller)(params)}`, params.values);
  return row ? toUpload(row) : null;
}

interface ResultRow {
  row_number: number;
  account_name: string | null;
  status: 'CREATED' | 'FAILED';
  red: boolean;
  account_id: string | null;
  message: string;
}

function toResult(row: ResultRow) {
  return { rowNumber: row.row_number, accountName: row.account_name, status: row.status, red: row.red, accountId: row.account_id, message: row.message };
}

const RESULTS: ListSpec<ResultRow, ReturnType<typeof toResult>> = {
  select: 'r.row_number, r.account_name, r.status, r.red, r.account_id, r.message',
  from: 'account_upload_rows r',
  sorts: { rowNumber: 'r.row_number', accountName: 'lower(r.account_name)', status: 'r.status' },
  defaultSort: { field: 'rowNumber', direction: 'asc' },
  tieBreak: ['r.row_number'],
  search: ['r.account_name', 'r.message'],
  filters: { status: { sql: 'r.status' } },
  toItem: toResult,
};

/** The lines of an upload the caller may see (found first with findUpload). */
export function searchUploadRows(db: Queryable, uploadId: string, query: ListRequest) {
  return listPage(db, RESULTS, query, (params) => `r.upload_id = ${params.add(uploadId, 'uuid')}`);
}

/** Records the upload and what became of each line; returns its id and the file's SHA-256. */
export async function insertUpload(
  tx: Queryable,
  record: { agencyId: string; userId: string; upload: UploadRequest; teamId: string | null; at: Date; results: RowResult[] },
): Promise<{ id: string; sha256: string }> {
  const { upload, results } = record;
  const success = results.filter((row) => row.status === 'CREATED').length;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO account_uploads (agency_id, uploaded_by, file_name, file_type, file_size, content, tags, add_red_accounts, team_id,
       num_uploaded, num_success, num_failure, upload_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [record.agencyId, record.userId, upload.fileName, upload.fileType, upload.content.length, upload.content, upload.tags, upload.addRedAccounts,
      record.teamId, results.length, success, results.length - success, record.at],
  );
  const id = row!.id;
  for (let start = 0; start < results.length; start += 200) {
    const chunk = results.slice(start, start + 200);
    const params = new SqlParams();
    const values = chunk.map((result) =>
      `(${params.add(id, 'uuid')}, ${params.add(result.rowNumber, 'int')}, ${params.add(result.accountName)}, ${params.add(result.status)}, ${params.add(result.red, 'boolean')}, ${params.add(result.accountId, 'uuid')}, ${params.add(result.message)})`);
    await tx.query(`INSERT INTO account_upload_rows (upload_id, row_number, account_name, status, red, account_id, message) VALUES ${values.join(', ')}`, params.values);
  }
  return { id, sha256: createHash('sha256').update(upload.content).digest('hex') };
}
