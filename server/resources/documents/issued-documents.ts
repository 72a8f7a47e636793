import type { FastifyReply } from 'fastify';
import type { Queryable } from '../../db/database.ts';

/**
 * Documents kept as they were issued (migration 226 generated_documents): a binder, a certificate issued to a
 * holder, a payment receipt, an attested surplus lines notice, a notice of cancellation as it was given. Once
 * handed to someone they must not change when the records behind them do (a named-insured edit, a
 * broker-of-record move), so the PDF rendered at the moment of issue is stored under the library's doc_id and
 * served on download from then on. What is meant to show the records as they are now (proposals, declarations,
 * invoices, statements) is rendered on each download, and each distinct copy handed out is kept as a version
 * (document-versions.ts).
 */
export type IssuedKind = 'binder' | 'certificate' | 'receipt' | 'surplus-notice' | 'notice';

/** The library's doc_id of an issued document (the document_entries view builds the same ids). */
export const issuedDocumentId = (kind: IssuedKind, recordId: string) => `${kind}-${recordId}`;

export interface IssuedFile {
  fileName: string;
  content: Uint8Array;
}

interface StoredRow {
  file_name: string;
  content_type: string;
  content: Uint8Array;
}

const PDF = 'application/pdf';

/** Stores an issued copy; a copy already stored is kept (the first one issued wins). Answers whether this one was stored. */
export async function storeIssuedDocument(db: Queryable, docId: string, file: IssuedFile, at: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO generated_documents (doc_id, file_name, content_type, size_bytes, content, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (doc_id) DO NOTHING RETURNING doc_id`,
    [docId, file.fileName, PDF, file.content.length, file.content, at],
  );
  return rows.length > 0;
}

export async function findIssuedDocument(db: Queryable, docId: string): Promise<StoredRow | null> {
  const [row] = await db.query<StoredRow>('SELECT file_name, content_type, content FROM generated_documents WHERE doc_id = $1', [docId]);
  return row ?? null;
}

export interface KeepOptions {
  docId: string;
  at: Date;
  log: { warn(details: object, message: string): void };
}

/**
 * Renders and stores the issued copy of a document, unless one is kept already. A failure is logged and
 * swallowed: the business change it documents (a bind, a payment) stands, and the download renders from the
 * records as it did before documents were kept. Called inside the change's transaction where the renderer's
 * inputs can be read there (the copy then matches the change exactly), else right after its commit.
 */
export async function keepIssuedDocument(db: Queryable, options: KeepOptions, render: () => Promise<IssuedFile>): Promise<void> {
  try {
    const [kept] = await db.query('SELECT 1 FROM generated_documents WHERE doc_id = $1', [options.docId]);
    if (!kept) await storeIssuedDocument(db, options.docId, await render(), options.at);
  } catch (error) {
    options.log.warn({ err: error, docId: options.docId }, 'The issued document could not be kept; it is rendered from the records on download');
  }
}

/**
 * Answers a download of an issuable document: the copy kept at issue when there is one, else rendered from
 * the records now (records from before documents were kept, the demo world's). The caller has already found
 * the record within the caller's sight.
 */
export async function sendIssuedDocument(reply: FastifyReply, db: Queryable, docId: string, render: () => Promise<IssuedFile>): Promise<FastifyReply> {
  const stored = await findIssuedDocument(db, docId);
  return sendDocumentFile(reply, stored ? { fileName: stored.file_name, content: stored.content } : await render());
}

/** Answers a download with a generated PDF. */
export function sendDocumentFile(reply: FastifyReply, file: IssuedFile): FastifyReply {
  return reply.header('content-type', PDF)
    // The names are made by the server (numbers and a company name reduced to [A-Za-z0-9_]), as the downloads always named them.
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(Buffer.from(file.content));
}
