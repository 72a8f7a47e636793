import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_MAX_BYTES } from '../../constants.ts';
import { isUtf8Text, keptFileName } from '../../documents/uploaded-file.ts';
import { HttpError } from '../../http/http-error.ts';
import { DOCUMENT_TEXTS } from './document-texts.ts';

/**
 * The file types a document may be (spec 002 section 3 'Documents': pdf, doc(x), xls(x), csv, png, jpg/jpeg,
 * gif, ppt(x), eml): the content type it is served with and what its content must sniff as. The old Office
 * formats are all compound files ('cfb'); CSV and e-mail are text, which has no signature.
 */
const FILE_TYPES = {
  pdf: { contentType: 'application/pdf', sniffed: 'pdf' },
  doc: { contentType: 'application/msword', sniffed: 'cfb' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniffed: 'docx' },
  xls: { contentType: 'application/vnd.ms-excel', sniffed: 'cfb' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniffed: 'xlsx' },
  ppt: { contentType: 'application/vnd.ms-powerpoint', sniffed: 'cfb' },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', sniffed: 'pptx' },
  csv: { contentType: 'text/csv', sniffed: 'text' },
  eml: { contentType: 'message/rfc822', sniffed: 'text' },
  png: { contentType: 'image/png', sniffed: 'png' },
  jpg: { contentType: 'image/jpeg', sniffed: 'jpg' },
  jpeg: { contentType: 'image/jpeg', sniffed: 'jpg' },
  gif: { contentType: 'image/gif', sniffed: 'gif' },
} as const;

export type DocumentFileType = keyof typeof FILE_TYPES;

export interface DocumentFile {
  fileName: string;
  fileType: DocumentFileType;
  contentType: string;
  content: Buffer;
}

/** A data URL as the form's file field sends it: `data:<type>;name=<URI-encoded name>;base64,<bytes>`. */
const DATA_URL = /^data:([^;,]*)(?:;name=([^;,]*))?;base64,([A-Za-z0-9+/=\s]*)$/;

const fieldError = (status: number, message: string) => new HttpError(status, message, { errors: [{ field: 'file', message }] });

/**
 * The uploaded file of a form's file field: decoded, within the size limit, and of an accepted type by its
 * name and confirmed by its content (a renamed executable is refused). The name keeps only its base name
 * without quotes or control characters, as it will be offered back on download.
 */
export async function documentFileOf(dataUrl: string): Promise<DocumentFile> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw fieldError(400, DOCUMENT_TEXTS.noFile);
  const fileName = keptFileName(decodeName(match[2] ?? ''));
  const content = Buffer.from(match[3]!, 'base64');
  if (content.length === 0 || !fileName) throw fieldError(400, DOCUMENT_TEXTS.noFile);
  if (content.length > DOCUMENT_MAX_BYTES) throw fieldError(413, DOCUMENT_TEXTS.tooBig(`${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`));
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (!extension || !Object.hasOwn(FILE_TYPES, extension)) throw fieldError(415, DOCUMENT_TEXTS.wrongType);
  const fileType = extension as DocumentFileType;
  const expected = FILE_TYPES[fileType];
  const sniffed = await fileTypeFromBuffer(content);
  const matches = expected.sniffed === 'text' ? sniffed === undefined && isUtf8Text(content) : sniffed?.ext === expected.sniffed;
  if (!matches) throw fieldError(415, DOCUMENT_TEXTS.wrongType);
  return { fileName, fileType, contentType: expected.contentType, content };
}

export function contentTypeOf(fileType: string): string {
  return Object.hasOwn(FILE_TYPES, fileType) ? FILE_TYPES[fileType as DocumentFileType].contentType : 'application/octet-stream';
}

function decodeName(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}
