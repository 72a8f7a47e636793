import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';

/** The largest surplus lines notice template accepted: a notice is a page or two of text. */
export const SURPLUS_NOTICE_MAX_BYTES = 2 * 1024 * 1024;

export const NOTICE_TEXTS = {
  tooBig: 'The file size is too big, 2MB max.',
  noFile: 'No file selected for upload.',
  notPdf: 'The surplus notice template must be a PDF file.',
  noState: 'Please select the state of the surplus notice.',
  noTemplate: (state: string) => `No surplus notice template has been uploaded for ${state}.`,
} as const;

export interface NoticeUpload {
  state: string;
  fileName: string;
  content: Buffer;
}

const STATE = /^[A-Z]{2}$/;

/**
 * Reads the upload's state field and its one file, in whichever order they come. The file is held only up to
 * the template limit (the parser stops there), and is a PDF by its content, not only by its name or the type
 * the browser claimed.
 */
export async function readNoticeUpload(request: FastifyRequest): Promise<NoticeUpload> {
  if (!request.isMultipart()) throw new HttpError(415, NOTICE_TEXTS.noFile);
  let state: string | undefined;
  let file: { fileName: string; content: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: SURPLUS_NOTICE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') file = { fileName: part.filename, content: await part.toBuffer() };
      else if (part.fieldname === 'state') state = String(part.value).trim().toUpperCase();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, NOTICE_TEXTS.tooBig);
    throw error;
  }
  if (!state || !STATE.test(state)) throw new HttpError(400, NOTICE_TEXTS.noState, { errors: [{ field: 'state', message: NOTICE_TEXTS.noState, code: 'required' }] });
  if (!file || file.content.length === 0) throw new HttpError(400, NOTICE_TEXTS.noFile, { errors: [{ field: 'file', message: NOTICE_TEXTS.noFile, code: 'required' }] });
  const sniffed = await fileTypeFromBuffer(file.content);
  if (sniffed?.mime !== 'application/pdf' || !/\.pdf$/i.test(file.fileName)) throw new HttpError(415, NOTICE_TEXTS.notPdf);
  return { state, fileName: safeFileName(file.fileName), content: file.content };
}

/** The name kept for the download: the base name only, without quotes or control characters. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'notice.pdf';
  const cleaned = base.replace(/["\p{Cc}]/gu, '').trim().slice(0, 200);
  return cleaned || 'notice.pdf';
}

interface NoticeRow {
  state: string;
  file_name: string;
  size: number;
  uploaded_at: Date | string;
  uploaded_by: string | null;
}

function toNotice(row: NoticeRow) {
  return { state: row.state, fileName: row.file_name, size: row.size, uploadedAt: new Date(row.uploaded_at).toISOString(), uploadedBy: row.uploaded_by };
}
export type SurplusNotice = ReturnType<typeof toNotice>;

const NOTICE_SELECT = 't.state, t.file_name, t.size, t.uploaded_at, u.email AS uploaded_by';
const NOTICE_FROM = 'surplus_notice_templates t LEFT JOIN users u ON u.id = t.uploaded_by';

/** Stores a state's template, replacing the one before; returns its SHA-256 (for the audit entry). */
export async function storeNotice(tx: Queryable, upload: NoticeUpload, userId: string, at: Date): Promise<string> {
  const sha256 = createHash('sha256').update(upload.content).digest('hex');
  await tx.query(
    `INSERT INTO surplus_notice_templates (state, file_name, content_type, content, size, sha256, uploaded_at, uploaded_by)
     VALUES ($1, $2, 'application/pdf', $3, $4, $5, $6, $7)
     ON CONFLICT (state) DO UPDATE SET file_name = EXCLUDED.file_name, content_type = EXCLUDED.content_type, content = EXCLUDED.content,
       size = EXCLUDED.size, sha256 = EXCLUDED.sha256, uploaded_at = EXCLUDED.uploaded_at, uploaded_by = EXCLUDED.uploaded_by`,
    [upload.state, upload.fileName, upload.content, upload.content.length, sha256, at, userId],
  );
  return sha256;
}

export async function listNotices(db: Queryable): Promise<SurplusNotice[]> {
  const rows = await db.query<NoticeRow>(`SELECT ${NOTICE_SELECT} FROM ${NOTICE_FROM} ORDER BY t.state`);
  return rows.map(toNotice);
}

export async function findNotice(db: Queryable, state: string): Promise<SurplusNotice | null> {
  const [row] = await db.query<NoticeRow>(`SELECT ${NOTICE_SELECT} FROM ${NOTICE_FROM} WHERE t.state = $1`, [state]);
  return row ? toNotice(row) : null;
}

export async function noticeFile(db: Queryable, state: string): Promise<{ fileName: string; content: Buffer } | null> {
  const [row] = await db.query<{ file_name: string; content: Uint8Array }>('SELECT file_name, content FROM surplus_notice_templates WHERE state = $1', [state]);
  return row ? { fileName: row.file_name, content: Buffer.from(row.content) } : null;
}
