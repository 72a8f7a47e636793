import { PAPER_TYPES } from '../../constants.ts';
import type { Queryable } from '../../db/database.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';

export interface LibraryFormRow {
  id: string;
  edition: 'us' | 'uk';
  name: string;
  form_number: string;
  edition_date: string | null;
  form_type_id: string;
  form_type: string;
  product_types: string[];
  supported_paper: Array<keyof typeof PAPER_TYPES>;
  description: string | null;
  file_name: string | null;
  file_type: string | null;
  size_bytes: number | null;
  attached_at: Date | null;
  modified_at: Date;
}

export const LIBRARY_FORM_SELECT = `f.id, f.edition, f.name, f.form_number, f.edition_date::text AS edition_date, f.form_type_id, ft.name AS form_type,
  f.product_types, f.supported_paper, f.description, f.file_name, f.file_type, f.size_bytes, f.attached_at, f.modified_at`;
export const LIBRARY_FORM_FROM = 'library_forms f JOIN form_types ft ON ft.id = f.form_type_id';

export function toLibraryForm(row: LibraryFormRow) {
  return {
    id: row.id, name: row.name, formNumber: row.form_number, editionDate: row.edition_date ? String(row.edition_date).slice(0, 10) : null,
    formTypeId: row.form_type_id, formType: row.form_type, productTypes: row.product_types, supportedPaper: row.supported_paper,
    supportedPaperLabel: row.supported_paper.map((paper) => PAPER_TYPES[paper] ?? paper).join(', '), description: row.description,
    fileName: row.file_name, hasDocument: row.file_name !== null, sizeBytes: row.size_bytes,
    attachedAt: row.attached_at ? new Date(row.attached_at).toISOString() : null, modified: new Date(row.modified_at).toISOString(),
  };
}

/** The library's forms (spec 002 section 3 'Forms', its sort fields name, productTypes, formType, supportedPaper). */
const FORMS: ListSpec<LibraryFormRow, ReturnType<typeof toLibraryForm>> = {
  select: LIBRARY_FORM_SELECT,
  from: LIBRARY_FORM_FROM,
  sorts: {
    name: 'lower(f.name)', productTypes: "array_to_string(f.product_types, ',')", formType: 'lower(ft.name)',
    supportedPaper: "array_to_string(f.supported_paper, ',')", formNumber: 'lower(f.form_number)', modified: 'f.modified_at',
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreak: ['f.id'],
  search: ['f.name', 'f.form_number', 'ft.name', 'f.description'],
  filters: {
    formTypeId: { sql: 'f.form_type_id', cast: 'uuid' },
  },
  toItem: toLibraryForm,
};

interface FormTypeRow {
  id: string;
  name: string;
  description: string | null;
  forms: number;
  modified_at: Date;
}

export function toFormType(row: FormTypeRow) {
  return { id: row.id, name: row.name, description: row.description, forms: row.forms, modified: new Date(row.modified_at).toISOString() };
}

export const FORM_TYPE_SELECT = 'ft.id, ft.name, ft.description, (SELECT count(*)::int FROM library_forms f WHERE f.form_type_id = ft.id) AS forms, ft.modified_at';

const FORM_TYPES: ListSpec<FormTypeRow, ReturnType<typeof toFormType>> = {
  select: FORM_TYPE_SELECT,
  from: 'form_types ft',
  sorts: { name: 'lower(ft.name)', modified: 'ft.modified_at' },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreak: ['ft.id'],
  search: ['ft.name', 'ft.description'],
  toItem: toFormType,
};

/** The forms of an edition; `productType` and `paperType` keep those that name it among theirs. */
export function searchLibraryForms(db: Queryable, edition: 'us' | 'uk', query: ListRequest) {
  return listPage(db, FORMS, query, (params) => [
    `f.edition = ${params.add(edition)}`,
    ...(typeof query.productType === 'string' ? [`${params.add(query.productType)} = ANY(f.product_types)`] : []),
    ...(typeof query.paperType === 'string' ? [`${params.add(query.paperType)} = ANY(f.supported_paper)`] : []),
  ].join(' AND '));
}

export function searchFormTypes(db: Queryable, edition: 'us' | 'uk', query: ListRequest) {
  return listPage(db, FORM_TYPES, query, (params) => `ft.edition = ${params.add(edition)}`);
}
