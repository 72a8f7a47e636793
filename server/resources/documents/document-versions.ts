import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import type { IssuedFile } from './issued-documents.ts';

/**
 * Versions of the living documents (migration 230): a proposal, policy declarations, an invoice, a policy's plain
 * certificate and a commission statement or agency bill invoice are rendered from their records on every
 * download, because they are meant to show them as they stand. What was handed out is kept too: each rendering whose bytes differ from the copy kept
 * last for that library entry is stored as the entry's next version, so the library can list and serve every
 * copy anyone received, exactly as it was. The renderers fix their PDFs' dates to their records' own, so an
 * unchanged record renders the same bytes and adds no version.
 */
export type LivingSource = 'PROPOSAL' | 'POLICY' | 'INVOICE' | 'CERTIFICATE' | 'COMMISSION_STATEMENT' | 'AGENCY_BILL_INVOICE';

export interface LivingDocument {
  /** The library's doc_id of the living entry ('policy-<policy id>'); its versions are '<livingId>-v<n>'. */
  livingId: string;
  source: LivingSource;
  /** The quote or policy it is rendered from, or the agency of a commission document. */
  recordId: string;
  docType: string;
  /** The entry's name as the library shows it; the list adds the version's number. */
  docName: string;
}

/** The doc_id of one kept version. */
export const versionDocumentId = (livingId: string, version: number) => `${livingId}-v${version}`;

const PDF = 'application/pdf';

/**
 * Stores a rendering as the next version of its entry unless the last kept version has the same bytes.
 * Two downloads at once may both find the same next number: the unique index keeps the first and the other,
 * a copy of the same record at the same moment, is not stored again. Answers the version now last kept.
 */
export async function keepDocumentVersion(db: Queryable, living: LivingDocument, file: IssuedFile, at: Date): Promise<number> {
  const digest = createHash('sha256').update(file.content).digest('hex');
  const [latest] = await db.query<{ version: number; digest: string }>(
    'SELECT version, digest FROM generated_documents WHERE living_id = $1 ORDER BY version DESC LIMIT 1', [living.livingId],
  );
  if (latest?.digest === digest) return latest.version;
  const version = (latest?.version ?? 0) + 1;
  await db.query(
    `INSERT INTO generated_documents (doc_id, file_name, content_type, size_bytes, content, created_at, living_id, version, digest, source, record_id, doc_type, doc_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING`,
    [versionDocumentId(living.livingId, version), file.fileName, PDF, file.content.length, file.content, at, living.livingId, version, digest,
      living.source, living.recordId, living.docType, living.docName],
  );
  return version;
}

export interface VersionOptions {
  living: LivingDocument;
  at: Date;
  log: { warn(details: object, message: string): void };
}

/**
 * Renders a living document for a download and keeps it as a version. Keeping is a record of what was handed
 * out, so a failure to store it is logged and the download still answers.
 */
export async function renderAndKeep(
  db: Queryable,
  options: VersionOptions,
  render: () => Promise<IssuedFile>,
): Promise<IssuedFile> {
  const file = await render();
  try {
    await keepDocumentVersion(db, options.living, file, options.at);
  } catch (error) {
    options.log.warn({ err: error, livingId: options.living.livingId }, 'A version of the living document could not be kept');
  }
  return file;
}

/**
 * Keeps a version at the moment its document is issued (a policy's declarations and invoice when the policy is
 * issued). Like keepIssuedDocument, a failure is logged and the change it documents stands: a download renders
 * and keeps it later.
 */
export async function keepIssuedVersion(
  db: Queryable,
  options: VersionOptions,
  render: () => Promise<IssuedFile>,
): Promise<void> {
  try {
    await renderAndKeep(db, options, render);
  } catch (error) {
    options.log.warn({ err: error, livingId: options.living.livingId }, 'The issued version of the document could not be rendered');
  }
}

/** A kept version's file (the caller has checked it is within sight). */
export async function keptVersionFile(db: Queryable, docId: string): Promise<IssuedFile | null> {
  const [row] = await db.query<{ file_name: string; content: Uint8Array }>(
    'SELECT file_name, content FROM generated_documents WHERE doc_id = $1 AND living_id IS NOT NULL', [docId],
  );
  return row ? { fileName: row.file_name, content: row.content } : null;
}

/** The living entries, named as the document_entries view names them. */
export const LIVING_DOCUMENTS = {
  proposal: (quote: { id: string; quote_number: string }): LivingDocument =>
    ({ livingId: `proposal-${quote.id}`, source: 'PROPOSAL', recordId: quote.id, docType: 'QUOTE_PROPOSAL', docName: `Quote Proposal ${quote.quote_number}` }),
  policy: (policy: { id: string; policy_number: string }): LivingDocument =>
    ({ livingId: `policy-${policy.id}`, source: 'POLICY', recordId: policy.id, docType: 'POLICY', docName: `Policy ${policy.policy_number}` }),
  invoice: (policy: { id: string; policy_number: string }): LivingDocument =>
    ({ livingId: `invoice-${policy.id}`, source: 'INVOICE', recordId: policy.id, docType: 'INVOICE', docName: `Invoice INV-${policy.policy_number}` }),
  /** The plain certificate (no holder), printed as of the day it is downloaded: one version a day it is. */
  certificate: (policy: { id: string; policy_number: string }): LivingDocument =>
    ({ livingId: `policy-certificate-${policy.id}`, source: 'CERTIFICATE', recordId: policy.id, docType: 'CERTIFICATE', docName: `Certificate ${policy.policy_number}` }),
  /** `period` is the month as the view writes it ('November 2026'). */
  commission: (statement: boolean, agencyId: string, year: number, month: number, period: string): LivingDocument => {
    const source = statement ? 'COMMISSION_STATEMENT' : 'AGENCY_BILL_INVOICE';
    const prefix = statement ? 'commission-statement' : 'agency-bill-invoice';
    return {
      livingId: `${prefix}-${agencyId}-${year}-${String(month).padStart(2, '0')}`, source, recordId: agencyId, docType: source,
      docName: `${statement ? 'Commission Statement' : 'Agency Bill Invoice'} ${period}`,
    };
  },
};
