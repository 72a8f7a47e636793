import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import * as XLSX from '@e965/xlsx';
import { isUtf8Text, keptFileName } from '../../documents/uploaded-file.ts';
import { HttpError } from '../../http/http-error.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXTS } from './upload-texts.ts';

export type UploadFileType = 'xlsx' | 'xls' | 'csv';

/** What a bulk upload sends (spec 001 section 7): the file, a comma-joined tag list, the add-red-accounts flag and the team. */
export interface UploadRequest {
  fileName: string;
  fileType: UploadFileType;
  content: Buffer;
  tags: string[];
  addRedAccounts: boolean;
  teamId: string | null;
  /** Provider staff name the agency the accounts are for; an agency uploads for itself. */
  agencyId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the multipart body: its one file (held only up to 5MB, the parser stops there) and the small fields, in
 * whichever order they come. The file must be what its name says, by its content: an .xlsx a zip of a workbook, an
 * .xls a compound document, a .csv UTF-8 text.
 */
export async function readUploadRequest(request: FastifyRequest): Promise<UploadRequest> {
  if (!request.isMultipart()) throw noFile();
  const fields: Record<string, string> = {};
  let file: { fileName: string; content: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        // The parser cuts a longer file at the limit and marks it truncated (toBuffer throws on most versions).
        if (part.file.truncated) throw new HttpError(413, UPLOAD_TEXTS.tooBig);
        file = { fileName: part.filename, content };
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, UPLOAD_TEXTS.tooBig);
    throw error;
  }
  if (!file || !file.fileName || file.content.length === 0) throw noFile();
  const fileType = await fileTypeOf(file.fileName, file.content);
  const teamId = fields.teamId?.trim() || null;
  const agencyId = fields.agencyId?.trim() || null;
  if (teamId && !UUID.test(teamId)) throw new HttpError(400, UPLOAD_TEXTS.teamNotFound, { errors: [{ field: 'teamId', message: UPLOAD_TEXTS.teamNotFound }] });
  if (agencyId && !UUID.test(agencyId)) throw new HttpError(400, UPLOAD_TEXTS.agencyRequired, { errors: [{ field: 'agencyId', message: UPLOAD_TEXTS.agencyRequired }] });
  return {
    fileName: safeFileName(file.fileName),
    fileType,
    content: file.content,
    tags: [...new Set((fields.tags ?? '').split(',').map((tag) => tag.trim()).filter(Boolean))],
    addRedAccounts: /^(true|1|yes|on)$/i.test(fields.addRedAccounts?.trim() ?? ''),
    teamId,
    agencyId,
  };
}

const noFile = () => new HttpError(400, UPLOAD_TEXTS.noFile, { errors: [{ field: 'file', message: UPLOAD_TEXTS.noFile, code: 'required' }] });
const wrongType = () => new HttpError(415, UPLOAD_TEXTS.wrongType);

/** The file's type by its name, confirmed by its content; anything else is refused with 415. */
export async function fileTypeOf(fileName: string, content: Buffer): Promise<UploadFileType> {
  const extension = /\.(xlsx|xls|csv)$/i.exec(fileName)?.[1]?.toLowerCase() as UploadFileType | undefined;
  if (!extension) throw wrongType();
  const sniffed = await fileTypeFromBuffer(content);
  if (extension === 'xlsx' && sniffed?.ext === 'xlsx') return 'xlsx';
  if (extension === 'xls' && sniffed?.ext === 'cfb') return 'xls';
  if (extension === 'csv' && sniffed === undefined && isUtf8Text(content)) return 'csv';
  throw wrongType();
}


/**
 * The first sheet's lines as text cells, the header first. A CSV is read without turning its text into numbers,
 * so a Zip Code or SIC code keeps its leading zero; workbook cells come as Excel shows them.
 */
export function sheetLines(upload: Pick<UploadRequest, 'fileType' | 'content'>): string[][] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = upload.fileType === 'csv'
      ? XLSX.read(new TextDecoder('utf-8').decode(upload.content).replace(/^\uFEFF/, ''), { type: 'string', raw: true, dense: true })
      : XLSX.read(upload.content, { type: 'buffer', dense: true, cellHTML: false, cellFormula: false });
  } catch {
    throw new HttpError(415, UPLOAD_TEXTS.unreadable);
  }
  const sheet = workbook.SheetNames[0] ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet) throw new HttpError(415, UPLOAD_TEXTS.unreadable);
  const lines = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  return lines.map((line) => line.map((cell) => String(cell ?? '').trim()));
}

/** The name kept for the record: the base name only, without quotes or control characters. */
function safeFileName(name: string): string {
  return keptFileName(name) || 'accounts';
}
