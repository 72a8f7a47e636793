import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { managesClients, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import type { Edition } from '../accounts/address-rules.ts';
import { tagsByName } from '../tags/repository.ts';
import { importAccounts } from './import-accounts.ts';
import { readUploadRequest, sheetLines } from './read-upload.ts';
import { findUpload, insertUpload, searchUploadRows, searchUploads } from './repository.ts';
import { TEMPLATE_MIME, templateWorkbook } from './template.ts';
import { UPLOAD_TEXTS } from './upload-texts.ts';

const refuse = (field: string, message: string, status = 400) => new HttpError(status, message, { errors: [{ field, message }] });

/**
 * Bulk upload of accounts (spec 001 sections 5, 7, 8, 9): an agency (or provider staff for an agency) sends a .xls,
 * .xlsx or .csv file of at most 5MB with a tag list, the add-red-accounts flag and the team the accounts go to; each
 * line becomes a client account of the agency through createBusinessAccount, a failing line keeps its reason, and
 * the upload is recorded (numUploaded, numSuccess, numFailure, uploadTime) with every line's result and audited.
 */
export const handlers: HandlerModule = ({ db, clock }) => ({
  async uploadAccounts(request, reply) {
    const caller = callerOf(request);
    const upload = await readUploadRequest(request);

    // Provider staff name the agency; an agency (or digital agency) uploads for itself, whatever the body says.
    const agencyId = tenantScopeOf(caller).reach === 'all' ? upload.agencyId : caller.accountId;
    if (!agencyId) throw refuse('agencyId', UPLOAD_TEXTS.agencyRequired);
    const [agency] = await db.query<{ id: string; account_type: string; edition: Edition }>('SELECT id, account_type, edition FROM accounts WHERE id = $1::uuid', [agencyId]);
    if (!agency || !managesClients(agency.account_type)) throw refuse('agencyId', UPLOAD_TEXTS.agencyRequired);
    if (upload.teamId) {
      const [team] = await db.query<{ id: string }>('SELECT id FROM teams WHERE id = $1::uuid AND account_id = $2::uuid', [upload.teamId, agency.id]);
      if (!team) throw refuse('teamId', UPLOAD_TEXTS.teamNotFound);
    }
    const known = await tagsByName(db, agency.id, upload.tags);
    const unknown = upload.tags.find((name) => !known.has(name.toLowerCase()));
    if (unknown) throw refuse('tags', UPLOAD_TEXTS.unknownTag(unknown));

    const lines = sheetLines(upload);
    if (lines.slice(1).every((line) => line.every((cell) => cell === ''))) throw refuse('file', UPLOAD_TEXTS.noRows);
    const results = await importAccounts(db, (work) => db.transaction(work), clock, lines, {
      agencyId: agency.id,
      edition: agency.edition,
      teamId: upload.teamId,
      tagIds: [...known.values()].map((tag) => tag.id),
      addRedAccounts: upload.addRedAccounts,
      actor: { userId: caller.userId, ip: request.ip, mayConfirmUnverifiedAddress: false },
    });
    const id = await db.transaction(async (tx) => {
      const stored = await insertUpload(tx, { agencyId: agency.id, userId: caller.userId, upload, teamId: upload.teamId, at: clock.now(), results });
      const success = results.filter((row) => row.status === 'CREATED').length;
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'upload.create', target: stored.id, address: request.ip,
        detail: {
          agencyId: agency.id, fileName: upload.fileName, fileType: upload.fileType, size: upload.content.length, sha256: stored.sha256,
          tags: upload.tags, addRedAccounts: upload.addRedAccounts, teamId: upload.teamId,
          numUploaded: results.length, numSuccess: success, numFailure: results.length - success,
        },
      });
      return stored.id;
    });
    const record = (await findUpload(db, caller, id))!;
    return reply.code(201).send({ ...record, message: UPLOAD_TEXTS.success, rows: results });
  },

  async searchAccountUploads(request) {
    return searchUploads(db, callerOf(request), request.query);
  },

  async getAccountUpload(request) {
    const upload = await findUpload(db, callerOf(request), request.params.id);
    if (!upload) throw notFound(UPLOAD_TEXTS.notFound);
    return upload;
  },

  async searchAccountUploadRows(request) {
    const upload = await findUpload(db, callerOf(request), request.query.uploadId);
    if (!upload) throw notFound(UPLOAD_TEXTS.notFound);
    return searchUploadRows(db, upload.id, request.query);
  },

  async getAccountUploadTemplate(request, reply) {
    const edition = editionOf(request);
    return reply
      .type(TEMPLATE_MIME)
      .header('content-disposition', `attachment; filename="${edition === 'uk' ? 'account-upload-template-uk' : 'account-upload-template'}.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(templateWorkbook(edition));
  },
});
