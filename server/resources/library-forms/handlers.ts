import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { PAPER_TYPES } from '../../constants.ts';
import { attachmentDisposition } from '../../documents/uploaded-file.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { contentTypeOf, documentFileOf } from '../documents/document-files.ts';
import { publishedRater } from '../../lifecycle/index.ts';
import {
  FORM_TYPE_SELECT, LIBRARY_FORM_FROM, LIBRARY_FORM_SELECT, searchFormTypes, searchLibraryForms, toFormType, toLibraryForm, type LibraryFormRow,
} from './library-form-lists.ts';
import { LIBRARY_FORM_TEXTS } from './library-form-texts.ts';

type Edition = 'us' | 'uk';

/** A form's specimen is a document people read: a PDF or a Word file. */
const SPECIMEN_TYPES: readonly string[] = ['pdf', 'doc', 'docx'];

const fieldError = (field: string, message: string, status = 400) => new HttpError(status, message, { errors: [{ field, message }] });

/**
 * The forms library (spec 002 section 3 'Forms', section 7 forms and formtype): an edition's policy forms with
 * their form type, products and paper, and the specimen document attached to each; the form types they are
 * sorted into. Paper types and product types are lists of their own (the products those the edition's
 * published rater offers, so a new product definition is offered at once). Every signed-in user reads the
 * library; provider admins change it, each change audited.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;

  async function libraryForm(edition: Edition, id: string, tx: Queryable = db, lock = false) {
    const [row] = await tx.query<LibraryFormRow>(
      `SELECT ${LIBRARY_FORM_SELECT} FROM ${LIBRARY_FORM_FROM} WHERE f.id = $1 AND f.edition = $2${lock ? ' FOR UPDATE OF f' : ''}`, [id, edition],
    );
    if (!row) throw notFound(LIBRARY_FORM_TEXTS.formNotFound);
    return row;
  }

  async function formType(edition: Edition, id: string, tx: Queryable = db) {
    const [row] = await tx.query<Parameters<typeof toFormType>[0]>(`SELECT ${FORM_TYPE_SELECT} FROM form_types ft WHERE ft.id = $1 AND ft.edition = $2`, [id, edition]);
    if (!row) throw notFound(LIBRARY_FORM_TEXTS.formTypeNotFound);
    return row;
  }

  async function offeredProducts(edition: Edition) {
    return [...(await publishedRater(definitions, edition)).products.values()].map((product) => ({ value: product.code, label: product.title }));
  }

  /**
   * A form's fields as saved: its type of this edition, products this edition offers (read before the
   * transaction: the definitions share the embedded database's one connection), a form number no other form has.
   */
  async function formFields(tx: Queryable, edition: Edition, offered: ReadonlySet<string>, body: Record<string, unknown>, id: string | null) {
    const typeId = String(body.formTypeId ?? '');
    const [type] = await tx.query('SELECT 1 FROM form_types WHERE id = $1 AND edition = $2', [typeId, edition]);
    if (!type) throw fieldError('formTypeId', LIBRARY_FORM_TEXTS.formTypeNotFound);
    const products = [...new Set((body.productTypes as string[] | undefined) ?? [])];
    const unknown = products.find((code) => !offered.has(code));
    if (unknown) throw fieldError('productTypes', LIBRARY_FORM_TEXTS.unknownProduct(unknown));
    const formNumber = String(body.formNumber ?? '');
    const [taken] = await tx.query('SELECT 1 FROM library_forms WHERE edition = $1 AND lower(form_number) = lower($2) AND id IS DISTINCT FROM $3::uuid', [edition, formNumber, id]);
    if (taken) throw fieldError('formNumber', LIBRARY_FORM_TEXTS.numberTaken, 409);
    return [
      String(body.name ?? ''), formNumber, body.editionDate ?? null, typeId, products, [...new Set((body.supportedPaper as string[] | undefined) ?? [])],
      body.description ?? null,
    ];
  }

  return {
    async listPaperTypes() {
      return Object.entries(PAPER_TYPES).map(([value, label]) => ({ value, label }));
    },

    async listFormProductTypes(request) {
      return offeredProducts(editionOf(request));
    },

    async searchLibraryForms(request) {
      return searchLibraryForms(db, editionOf(request), request.query);
    },

    async getLibraryForm(request) {
      return toLibraryForm(await libraryForm(editionOf(request), request.params.id));
    },

    async createLibraryForm(request, reply) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const body = checkedBodyOf(request) as Record<string, unknown>;
      const offered = new Set((await offeredProducts(edition)).map((product) => product.value));
      const id = await db.transaction(async (tx) => {
        const fields = await formFields(tx, edition, offered, body, null);
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO library_forms (edition, name, form_number, edition_date, form_type_id, product_types, supported_paper, description, created_at, modified_at)
           VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8, $9, $9) RETURNING id`,
          [edition, ...fields, clock.now()],
        );
        await audit(tx, clock, { actorUserId: caller.userId, action: 'library-form.create', target: row!.id, address: request.ip, detail: { edition, name: fields[0], formNumber: fields[1] } });
        return row!.id;
      });
      return reply.code(201).send({ ...toLibraryForm(await libraryForm(edition, id)), message: LIBRARY_FORM_TEXTS.formSaved });
    },

    async updateLibraryForm(request) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const body = checkedBodyOf(request) as Record<string, unknown>;
      const offered = new Set((await offeredProducts(edition)).map((product) => product.value));
      await db.transaction(async (tx) => {
        const before = await libraryForm(edition, request.params.id, tx, true);
        const fields = await formFields(tx, edition, offered, body, before.id);
        await tx.query(
          `UPDATE library_forms SET name = $2, form_number = $3, edition_date = $4::date, form_type_id = $5, product_types = $6, supported_paper = $7,
             description = $8, modified_at = $9 WHERE id = $1`,
          [before.id, ...fields, clock.now()],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'library-form.update', target: before.id, address: request.ip,
          detail: { before: toLibraryForm(before), after: { name: fields[0], formNumber: fields[1], formTypeId: fields[3], productTypes: fields[4], supportedPaper: fields[5] } },
        });
      });
      return { ...toLibraryForm(await libraryForm(edition, request.params.id)), message: LIBRARY_FORM_TEXTS.formSaved };
    },

    async deleteLibraryForm(request) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      await db.transaction(async (tx) => {
        const form = await libraryForm(edition, request.params.id, tx, true);
        await tx.query('DELETE FROM library_forms WHERE id = $1', [form.id]);
        await audit(tx, clock, { actorUserId: caller.userId, action: 'library-form.delete', target: form.id, address: request.ip, detail: toLibraryForm(form) });
      });
      return { message: LIBRARY_FORM_TEXTS.formDeleted };
    },

    async attachLibraryFormDocument(request) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const file = await documentFileOf(String(checkedBodyOf(request).file ?? ''));
      if (!SPECIMEN_TYPES.includes(file.fileType)) throw fieldError('file', LIBRARY_FORM_TEXTS.documentType, 415);
      await db.transaction(async (tx) => {
        const form = await libraryForm(edition, request.params.id, tx, true);
        await tx.query(
          'UPDATE library_forms SET file_name = $2, file_type = $3, size_bytes = $4, content = $5, attached_at = $6, modified_at = $6 WHERE id = $1',
          [form.id, file.fileName, file.fileType, file.content.length, file.content, clock.now()],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'library-form.document', target: form.id, address: request.ip,
          detail: { fileName: file.fileName, sizeBytes: file.content.length, replaced: form.file_name },
        });
      });
      return { ...toLibraryForm(await libraryForm(edition, request.params.id)), message: LIBRARY_FORM_TEXTS.documentAttached };
    },

    async downloadLibraryFormDocument(request, reply) {
      const [row] = await db.query<{ file_name: string | null; file_type: string | null; content: Uint8Array | null }>(
        'SELECT file_name, file_type, content FROM library_forms WHERE id = $1 AND edition = $2', [request.params.id, editionOf(request)],
      );
      if (!row) throw notFound(LIBRARY_FORM_TEXTS.formNotFound);
      if (!row.content || !row.file_name) throw notFound(LIBRARY_FORM_TEXTS.noDocument);
      return reply.header('content-type', contentTypeOf(row.file_type ?? ''))
        .header('content-disposition', attachmentDisposition(row.file_name))
        .send(Buffer.from(row.content));
    },

    async searchFormTypes(request) {
      return searchFormTypes(db, editionOf(request), request.query);
    },

    async getFormType(request) {
      return toFormType(await formType(editionOf(request), request.params.id));
    },

    async createFormType(request, reply) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const body = checkedBodyOf(request);
      const id = await db.transaction(async (tx) => {
        const [taken] = await tx.query('SELECT 1 FROM form_types WHERE edition = $1 AND lower(name) = lower($2)', [edition, body.name]);
        if (taken) throw fieldError('name', LIBRARY_FORM_TEXTS.typeNameTaken, 409);
        const [row] = await tx.query<{ id: string }>(
          'INSERT INTO form_types (edition, name, description, created_at, modified_at) VALUES ($1, $2, $3, $4, $4) RETURNING id',
          [edition, body.name, body.description ?? null, clock.now()],
        );
        await audit(tx, clock, { actorUserId: caller.userId, action: 'form-type.create', target: row!.id, address: request.ip, detail: { edition, name: body.name } });
        return row!.id;
      });
      return reply.code(201).send({ ...toFormType(await formType(edition, id)), message: LIBRARY_FORM_TEXTS.typeSaved });
    },

    async updateFormType(request) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const body = checkedBodyOf(request);
      await db.transaction(async (tx) => {
        const before = await formType(edition, request.params.id, tx);
        const [taken] = await tx.query('SELECT 1 FROM form_types WHERE edition = $1 AND lower(name) = lower($2) AND id <> $3', [edition, body.name, before.id]);
        if (taken) throw fieldError('name', LIBRARY_FORM_TEXTS.typeNameTaken, 409);
        await tx.query('UPDATE form_types SET name = $2, description = $3, modified_at = $4 WHERE id = $1', [before.id, body.name, body.description ?? null, clock.now()]);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'form-type.update', target: before.id, address: request.ip,
          detail: { before: { name: before.name, description: before.description }, after: { name: body.name, description: body.description ?? null } },
        });
      });
      return { ...toFormType(await formType(edition, request.params.id)), message: LIBRARY_FORM_TEXTS.typeSaved };
    },

    async deleteFormType(request) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      await db.transaction(async (tx) => {
        const type = await formType(edition, request.params.id, tx);
        if (type.forms > 0) throw new HttpError(409, LIBRARY_FORM_TEXTS.typeInUse(type.forms));
        await tx.query('DELETE FROM form_types WHERE id = $1', [type.id]);
        await audit(tx, clock, { actorUserId: caller.userId, action: 'form-type.delete', target: type.id, address: request.ip, detail: { name: type.name } });
      });
      return { message: LIBRARY_FORM_TEXTS.typeDeleted };
    },
  };
};
