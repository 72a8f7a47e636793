import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PAPER_TYPES } from '../../server/constants.ts';
import { DOCUMENT_TEXTS } from '../../server/resources/documents/document-texts.ts';
import { LIBRARY_FORM_TEXTS } from '../../server/resources/library-forms/library-form-texts.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The forms library (spec 002 section 3 'Forms', section 7 forms and formtype): an edition's policy forms and
 * their types, the paper and product lists, the specimen document; provider admins change it, everyone
 * signed in reads it, and each edition (by host) keeps its own.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const UK = 'console.example.uk';
const USERS = { admin: 'admin@provider.example', agent: 'agent@agency.example', broker: 'broker@brokerage.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const auditCount = async (target: string, action: string) =>
  (await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM audit_log WHERE target = $1 AND action = $2', [target, action]))[0]!.count;

beforeAll(async () => {
  t = await startTestApp();
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('lists', () => {
  it('paper types are admitted and surplus lines; product types are the products each edition offers', async () => {
    expect((await call('agent', 'GET', '/api/docs/v1/forms/papertypes')).json()).toEqual(Object.entries(PAPER_TYPES).map(([value, label]) => ({ value, label })));
    const us = ((await call('agent', 'GET', '/api/docs/v1/forms/producttypes')).json() as Json[]).map((product) => product.value);
    const uk = ((await call('broker', 'GET', '/api/docs/v1/forms/producttypes', undefined, UK)).json() as Json[]).map((product) => product.value);
    expect(us).toEqual(expect.arrayContaining(['P100', 'P250', 'P250_S']));
    expect(us).not.toContain('P_ONE');
    expect(uk).toEqual(expect.arrayContaining(['P_ONE', 'P_ONE_PLUS']));
    expect(uk).not.toContain('P250');
  });
});

describe('form types and forms', () => {
  it('an admin adds a form type and a form; both are audited and listed in their edition only', async () => {
    const type = await call('admin', 'POST', '/api/docs/v1/formtype', { name: 'Declarations', description: 'The declarations page.' });
    expect(type.statusCode, type.body).toBe(201);
    ids.type = type.json().id;
    expect(type.json()).toMatchObject({ name: 'Declarations', forms: 0, message: LIBRARY_FORM_TEXTS.typeSaved });
    const form = await call('admin', 'POST', '/api/docs/v1/forms', {
      name: 'Cyber Policy Declarations', formNumber: 'CY-DEC-001 (11/26)', editionDate: '2026-11-01', formTypeId: ids.type,
      productTypes: ['P250', 'P100'], supportedPaper: ['ADMITTED', 'SURPLUS'],
    });
    expect(form.statusCode, form.body).toBe(201);
    ids.form = form.json().id;
    expect(form.json()).toMatchObject({ formType: 'Declarations', productTypes: ['P250', 'P100'], supportedPaperLabel: 'Admitted, Surplus Lines', hasDocument: false });
    expect(await auditCount(ids.type!, 'form-type.create')).toBe(1);
    expect(await auditCount(ids.form!, 'library-form.create')).toBe(1);

    const listed = (await call('agent', 'GET', '/api/docs/v1/forms/search?size=2000')).json();
    expect((listed.content as Json[]).map((row) => row.id)).toContain(ids.form);
    expect(((await call('broker', 'GET', '/api/docs/v1/forms/search?size=2000', undefined, UK)).json().content as Json[]).map((row) => row.id)).not.toContain(ids.form);
    expect((await call('broker', 'GET', `/api/docs/v1/forms/id/${ids.form}`, undefined, UK)).statusCode).toBe(404);
    expect(((await call('agent', 'GET', '/api/docs/v1/formtype/search')).json().content as Json[]).find((row) => row.id === ids.type)).toMatchObject({ forms: 1 });
  });

  it.each(['name', 'productTypes', 'formType', 'supportedPaper'])('sorts by %s (a sort field of spec 002 section 3)', async (field) => {
    const answer = await call('agent', 'GET', `/api/docs/v1/forms/search?sort=${field},desc`);
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('filters by product and paper', async () => {
    const byProduct = (await call('agent', 'GET', '/api/docs/v1/forms/search?productType=P100')).json().content as Json[];
    expect(byProduct.map((row) => row.id)).toContain(ids.form);
    expect(((await call('agent', 'GET', '/api/docs/v1/forms/search?productType=PRIME_TECH')).json().content as Json[]).map((row) => row.id)).not.toContain(ids.form);
    expect(((await call('agent', 'GET', '/api/docs/v1/forms/search?paperType=SURPLUS')).json().content as Json[]).map((row) => row.id)).toContain(ids.form);
  });

  it('refuses a taken form number, a product of the other edition, a missing product and a form type of the other edition', async () => {
    const base = { name: 'Another', formNumber: 'cy-dec-001 (11/26)', formTypeId: ids.type, productTypes: ['P250'], supportedPaper: ['ADMITTED'] };
    const taken = await call('admin', 'POST', '/api/docs/v1/forms', base);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(LIBRARY_FORM_TEXTS.numberTaken);
    const foreign = await call('admin', 'POST', '/api/docs/v1/forms', { ...base, formNumber: 'X-1', productTypes: ['P_ONE'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(LIBRARY_FORM_TEXTS.unknownProduct('P_ONE'));
    const none = await call('admin', 'POST', '/api/docs/v1/forms', { ...base, formNumber: 'X-2', productTypes: [] });
    expect(none.statusCode).toBe(400);
    expect((none.json().errors as Json[]).map((error) => error.field)).toContain('productTypes');
    const otherEditionType = await call('admin', 'POST', '/api/docs/v1/forms', { ...base, formNumber: 'X-3', productTypes: ['P_ONE'] }, UK);
    expect(otherEditionType.statusCode).toBe(400);
    expect(otherEditionType.json().message).toBe(LIBRARY_FORM_TEXTS.formTypeNotFound);
  });

  it('an agent reads the library but may not change it', async () => {
    expect((await call('agent', 'POST', '/api/docs/v1/formtype', { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('agent', 'PUT', `/api/docs/v1/forms/${ids.form}`, { name: 'x' })).statusCode).toBe(403);
    expect((await call('agent', 'DELETE', `/api/docs/v1/forms/${ids.form}`)).statusCode).toBe(403);
    expect((await call('agent', 'GET', `/api/docs/v1/forms/id/${ids.form}`)).statusCode).toBe(200);
  });

  it('an admin edits the form; the audit entry keeps the before and after', async () => {
    const updated = await call('admin', 'PUT', `/api/docs/v1/forms/${ids.form}`, {
      name: 'Cyber Policy Declarations', formNumber: 'CY-DEC-001 (12/26)', formTypeId: ids.type, productTypes: ['P250'], supportedPaper: ['ADMITTED'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ formNumber: 'CY-DEC-001 (12/26)', productTypes: ['P250'], supportedPaper: ['ADMITTED'], editionDate: null });
    const [entry] = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE target = $1 AND action = 'library-form.update'`, [ids.form]);
    expect(entry!.detail.before.formNumber).toBe('CY-DEC-001 (11/26)');
    expect(entry!.detail.after.formNumber).toBe('CY-DEC-001 (12/26)');
  });
});

describe('the specimen document', () => {
  it('is attached, replaced and downloaded byte for byte; a spreadsheet is refused', async () => {
    expect((await call('agent', 'GET', `/api/docs/v1/forms/doc/${ids.form}`)).statusCode).toBe(404);
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('Specimen declarations', { x: 50, y: 700 });
    const bytes = Buffer.from(await pdf.save());
    const file = `data:application/pdf;name=CY-DEC-001.pdf;base64,${bytes.toString('base64')}`;
    const attached = await call('admin', 'PUT', `/api/docs/v1/forms/doc/${ids.form}`, { name: 'Cyber Policy Declarations', file });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({ hasDocument: true, fileName: 'CY-DEC-001.pdf', sizeBytes: bytes.length, message: LIBRARY_FORM_TEXTS.documentAttached });
    expect(await auditCount(ids.form!, 'library-form.document')).toBe(1);
    const download = await call('agent', 'GET', `/api/docs/v1/forms/doc/${ids.form}`);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
    const csv = await call('admin', 'PUT', `/api/docs/v1/forms/doc/${ids.form}`, { file: `data:text/csv;name=a.csv;base64,${Buffer.from('a,b\n').toString('base64')}` });
    expect(csv.statusCode).toBe(415);
    expect(csv.json().message).toBe(LIBRARY_FORM_TEXTS.documentType);
    const fake = await call('admin', 'PUT', `/api/docs/v1/forms/doc/${ids.form}`, { file: `data:application/pdf;name=a.pdf;base64,${Buffer.from('not a pdf').toString('base64')}` });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(DOCUMENT_TEXTS.wrongType);
  });
});

describe('deleting', () => {
  it('a form type in use is kept (409) until its forms are gone', async () => {
    const inUse = await call('admin', 'DELETE', `/api/docs/v1/formtype/${ids.type}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(LIBRARY_FORM_TEXTS.typeInUse(1));
    const form = await call('admin', 'DELETE', `/api/docs/v1/forms/${ids.form}`);
    expect(form.statusCode).toBe(200);
    expect(form.json().message).toBe(LIBRARY_FORM_TEXTS.formDeleted);
    const type = await call('admin', 'DELETE', `/api/docs/v1/formtype/${ids.type}`);
    expect(type.statusCode).toBe(200);
    expect(await auditCount(ids.type!, 'form-type.delete')).toBe(1);
    expect((await call('admin', 'GET', `/api/docs/v1/formtype/${ids.type}`)).statusCode).toBe(404);
  });

  it('a taken form type name is refused without regard to case', async () => {
    await call('admin', 'POST', '/api/docs/v1/formtype', { name: 'Notice' });
    const taken = await call('admin', 'POST', '/api/docs/v1/formtype', { name: 'notice' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(LIBRARY_FORM_TEXTS.typeNameTaken);
  });
});
