import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { PROVIDER_ACCOUNT_TYPE } from '../../auth/session-context.ts';
import { CLAIM_DOCUMENT_TYPES, DOCUMENT_TYPES } from '../../constants.ts';
import { attachmentDisposition } from '../../documents/uploaded-file.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { agencyReachCondition, agencyReachOf } from '../agencies/agency-reach.ts';
import { contentTypeOf, documentFileOf } from './document-files.ts';
import { accountReach, documentVisibility, searchVisibleDocuments, visibleEntries } from './document-lists.ts';
import { keptVersionFile } from './document-versions.ts';
import { sendDocumentFile } from './issued-documents.ts';
import { DOCUMENT_TEXTS } from './document-texts.ts';

interface StoredDocument {
  id: string;
  account_id: string | null;
  agency_id: string | null;
  doc_type: string;
  doc_name: string;
  file_name: string;
  file_type: string;
  size_bytes: number;
}

const isKnownDocType = (value: string) => Object.values(DOCUMENT_TYPES).includes(value) || Object.values(CLAIM_DOCUMENT_TYPES).includes(value);

/**
 * The document library (spec 002 section 3 'Documents', section 7 /api/docs/v1): the lookup of document
 * types, the list of every document the caller may see (uploaded and generated), upload of a file checked by
 * its content, download, and delete (by role: the permission document:delete, which carriers and clusters
 * hold and provider admins and agents do not). Uploads and deletes are audited.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;

  /** A stored (uploaded) document within the caller's sight; another answers like a missing one. */
  async function visibleDocument(caller: Caller, docId: string, tx: Queryable = db, withContent = false) {
    const params = new SqlParams();
    const id = params.add(docId, 'uuid');
    const [row] = await tx.query<StoredDocument & { content?: Uint8Array }>(
      `SELECT d.id, d.account_id, d.agency_id, d.doc_type, d.doc_name, d.file_name, d.file_type, d.size_bytes${withContent ? ', d.content' : ''}
       FROM documents d WHERE d.id = ${id} AND ${documentVisibility(caller, { agency: 'd.agency_id', account: 'd.account_id' }, params)}`,
      params.values,
    );
    if (!row) throw notFound(DOCUMENT_TEXTS.notFound);
    return row;
  }

  /**
   * The agency a new document belongs to: provider staff choose one or none (none on an account means every
   * interested agency sees it); an agency's user files under their own agency; anyone else leaves it to the
   * account. A document with no account must belong to an agency.
   */
  async function owningAgency(caller: Caller, chosen: string | undefined, accountId: string | undefined): Promise<string | null> {
    if (caller.accountType === 'AGENCY') return caller.accountId;
    const agencyId = caller.accountType === PROVIDER_ACCOUNT_TYPE ? chosen ?? null : null;
    if (agencyId) {
      const params = new SqlParams();
      const id = params.add(agencyId, 'uuid');
      const [agency] = await db.query(`SELECT 1 FROM accounts ag WHERE ag.id = ${id} AND ag.account_type = 'AGENCY' AND ${agencyReachCondition(agencyReachOf(caller), 'ag.id', params)}`, params.values);
      if (!agency) throw new HttpError(400, DOCUMENT_TEXTS.agencyNotFound, { errors: [{ field: 'agencyId', message: DOCUMENT_TEXTS.agencyNotFound }] });
    }
    if (!agencyId && !accountId) throw new HttpError(400, DOCUMENT_TEXTS.agencyRequired, { errors: [{ field: 'agencyId', message: DOCUMENT_TEXTS.agencyRequired }] });
    return agencyId;
  }

  async function requireAccount(caller: Caller, accountId: string): Promise<void> {
    const params = new SqlParams();
    const id = params.add(accountId, 'uuid');
    const [account] = await db.query(`SELECT 1 FROM accounts a WHERE a.id = ${id} AND a.account_type = 'CUSTOMER' AND ${accountReach(caller, 'a.id', params)}`, params.values);
    if (!account) throw notFound(DOCUMENT_TEXTS.accountNotFound);
  }

  return {
    async listDocumentTypes(request) {
      const types = request.query.claim ? CLAIM_DOCUMENT_TYPES : DOCUMENT_TYPES;
      return Object.entries(types).map(([label, value]) => ({ label, value }));
    },

    async searchDocuments(request) {
      return searchVisibleDocuments(db, callerOf(request), request.query);
    },

    async uploadDocument(request, reply) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const accountId = body.accountId || undefined;
      if (accountId) await requireAccount(caller, accountId);
      const agencyId = await owningAgency(caller, body.agencyId || undefined, accountId);
      const docType = String(body.docType ?? '');
      if (!isKnownDocType(docType)) throw new HttpError(400, DOCUMENT_TEXTS.unknownDocType, { errors: [{ field: 'docType', message: DOCUMENT_TEXTS.unknownDocType }] });
      const file = await documentFileOf(String(body.file ?? ''));
      const now = clock.now();
      const stored = await db.transaction(async (tx) => {
        const [user] = await tx.query<{ name: string }>(`SELECT trim(first_name || ' ' || last_name) AS name FROM users WHERE id = $1`, [caller.userId]);
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO documents (account_id, agency_id, doc_type, doc_name, file_name, file_type, content_type, size_bytes, content, product_type, temp,
             doc_time, uploaded_by, uploaded_by_name, uploaded_at, modified_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::date, $13, $14, $15, $15) RETURNING id`,
          [accountId ?? null, agencyId, docType, body.docName || file.fileName, file.fileName, file.fileType, file.contentType, file.content.length, file.content,
            body.productType ?? null, body.temp === true, now.toISOString().slice(0, 10), caller.userId, user?.name || caller.email, now],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'document.uploaded', target: row!.id, address: request.ip,
          detail: { accountId: accountId ?? null, agencyId, docType, fileName: file.fileName, sizeBytes: file.content.length },
        });
        return row!;
      });
      return reply.code(201).send({ docId: stored.id, fileName: file.fileName, message: DOCUMENT_TEXTS.uploaded });
    },

    async downloadDocument(request, reply) {
      const document = await visibleDocument(callerOf(request), request.query.docId, db, true);
      return reply.header('content-type', contentTypeOf(document.file_type))
        .header('content-disposition', attachmentDisposition(document.file_name))
        .send(Buffer.from(document.content!));
    },

    async downloadKeptDocument(request, reply) {
      const caller = callerOf(request);
      const params = new SqlParams();
      const docId = params.add(request.query.docId);
      const [entry] = await db.query(`SELECT 1 FROM document_entries e WHERE e.doc_id = ${docId} AND e.version IS NOT NULL AND ${visibleEntries(caller, params)}`, params.values);
      const file = entry ? await keptVersionFile(db, request.query.docId) : null;
      if (!file) throw notFound(DOCUMENT_TEXTS.notFound);
      return sendDocumentFile(reply, file);
    },

    async deleteDocument(request) {
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const document = await visibleDocument(caller, request.query.docId, tx);
        await tx.query('DELETE FROM documents WHERE id = $1', [document.id]);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'document.deleted', target: document.id, address: request.ip,
          detail: { accountId: document.account_id, agencyId: document.agency_id, docType: document.doc_type, fileName: document.file_name },
        });
      });
      return { message: DOCUMENT_TEXTS.deleted };
    },
  };
};
