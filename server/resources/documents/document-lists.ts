import type { Queryable } from '../../db/database.ts';
import type { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { CLAIM_DOCUMENT_TYPES, DOCUMENT_TYPES, GENERATED_DOCUMENT_TYPES } from '../../constants.ts';
import { agencyReachCondition, agencyReachOf } from '../agencies/agency-reach.ts';

/**
 * Who sees a document: provider staff every one; an agency, cluster or carrier those of the agencies within
 * its reach, and, of a document on an account with no agency, those whose account is managed by or of
 * interest to an agency within reach; a policyholder the generated documents and agency-free uploads of its
 * own account. A document out of sight answers like one that does not exist.
 */
export function documentVisibility(caller: Caller, entry: { agency: string; account: string; generated?: string }, params: SqlParams): string {
  const reach = agencyReachOf(caller);
  if (reach.kind === 'all') return 'TRUE';
  const conditions: string[] = [];
  if (reach.kind !== 'none') {
    conditions.push(
      `(${entry.agency} IS NOT NULL AND ${agencyReachCondition(reach, entry.agency, params)})`,
      `(${entry.agency} IS NULL AND ${accountReach(caller, entry.account, params)})`,
    );
  }
  if (caller.accountType === 'CUSTOMER') {
    conditions.push(`(${entry.account} = ${params.add(caller.accountId, 'uuid')} AND (${entry.agency} IS NULL${entry.generated ? ` OR ${entry.generated}` : ''}))`);
  }
  return conditions.length ? `(${conditions.join(' OR ')})` : 'FALSE';
}

/**
 * A client account a document may be filed on: one whose managing agency, or one of whose interested agencies,
 * is within the caller's agency reach; a policyholder its own.
 */
export function accountReach(caller: Caller, accountColumn: string, params: SqlParams): string {
  const reach = agencyReachOf(caller);
  if (reach.kind === 'all') return 'TRUE';
  if (reach.kind === 'none') return caller.accountType === 'CUSTOMER' ? `${accountColumn} = ${params.add(caller.accountId, 'uuid')}` : 'FALSE';
  return `EXISTS (SELECT 1 FROM accounts reach_a WHERE reach_a.id = ${accountColumn} AND reach_a.account_type = 'CUSTOMER' AND (
      ${agencyReachCondition(reach, 'reach_a.agency_id', params)}
      OR EXISTS (SELECT 1 FROM account_interested_agencies reach_ia WHERE reach_ia.account_id = reach_a.id AND ${agencyReachCondition(reach, 'reach_ia.agency_id', params)})))`;
}

interface EntryRow {
  doc_id: string;
  source: 'UPLOAD' | 'PROPOSAL' | 'BINDER' | 'POLICY' | 'RECEIPT' | 'INVOICE' | 'CERTIFICATE' | 'NOTICE' | 'SURPLUS_NOTICE' | 'COMMISSION_STATEMENT' | 'AGENCY_BILL_INVOICE';
  record_id: string;
  account_id: string | null;
  account_name: string | null;
  agency_id: string | null;
  agency_name: string | null;
  doc_type: string;
  doc_name: string;
  file_name: string;
  file_type: string;
  size_bytes: number | null;
  product_type: string | null;
  system_generated: boolean;
  doc_time: string;
  uploaded_by_name: string;
  uploaded_at: Date;
  modified_at: Date;
  version: number | null;
}

/** The library's list (spec 002 section 3 'Documents', its sort fields uploadTime, systemGenerated, docTime, modified). */
const DOCUMENTS: ListSpec<EntryRow, ReturnType<typeof toEntry>> = {
  select: `e.doc_id, e.source, e.record_id, e.account_id, a.name AS account_name, e.agency_id, ag.name AS agency_name, e.doc_type, e.doc_name,
    e.file_name, e.file_type, e.size_bytes, e.product_type, e.system_generated, e.doc_time::text AS doc_time, e.uploaded_by_name, e.uploaded_at, e.modified_at, e.version`,
  from: `document_entries e
    LEFT JOIN accounts a ON a.id = e.account_id
    LEFT JOIN accounts ag ON ag.id = e.agency_id`,
  sorts: {
    uploadTime: 'e.uploaded_at', systemGenerated: 'e.system_generated', docTime: 'e.doc_time', modified: 'e.modified_at',
    docName: 'lower(e.doc_name)', docType: 'e.doc_type', accountName: 'lower(a.name)', agencyName: 'lower(ag.name)',
  },
  defaultSort: { field: 'uploadTime', direction: 'desc' },
  tieBreak: ['e.doc_id'],
  search: ['e.doc_name', 'e.file_name', 'e.doc_type', 'a.name', 'ag.name'],
  filters: {
    accountId: { sql: 'e.account_id', cast: 'uuid' },
    agencyId: { sql: 'e.agency_id', cast: 'uuid' },
    docType: { sql: 'e.doc_type' },
    source: { sql: 'e.source' },
    systemGenerated: { sql: 'e.system_generated', cast: 'boolean' },
  },
  ranges: { docTime: { sql: 'e.doc_time', kind: 'date' } },
  toItem: toEntry,
};

/** A type's label by its value (the claim set's own values are distinct); a type no longer offered shows its value. */
const TYPE_LABELS = new Map([...Object.entries(CLAIM_DOCUMENT_TYPES), ...Object.entries(DOCUMENT_TYPES), ...Object.entries(GENERATED_DOCUMENT_TYPES)].map(([label, value]) => [value, label]));

function toEntry(row: EntryRow) {
  return {
    docId: row.doc_id, source: row.source, recordId: row.record_id, accountId: row.account_id, accountName: row.account_name,
    agencyId: row.agency_id, agencyName: row.agency_name, docType: row.doc_type, docTypeLabel: TYPE_LABELS.get(row.doc_type) ?? row.doc_type, docName: row.doc_name, fileName: row.file_name,
    fileType: row.file_type, sizeBytes: row.size_bytes, productType: row.product_type, systemGenerated: row.system_generated,
    docTime: String(row.doc_time).slice(0, 10), uploadedBy: row.uploaded_by_name, uploadTime: new Date(row.uploaded_at).toISOString(),
    modified: new Date(row.modified_at).toISOString(), version: row.version,
  };
}

/** Commission documents are listed only to those who may open them (commission:read). */
const COMMISSION_SOURCES = "('COMMISSION_STATEMENT', 'AGENCY_BILL_INVOICE')";

/** The library's entries (document_entries e) the caller may see. */
export function visibleEntries(caller: Caller, params: SqlParams): string {
  const visible = documentVisibility(caller, { agency: 'e.agency_id', account: 'e.account_id', generated: 'e.system_generated' }, params);
  return caller.permissions.has('commission:read') ? visible : `${visible} AND e.source NOT IN ${COMMISSION_SOURCES}`;
}

export function searchVisibleDocuments(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, DOCUMENTS, query, (params) => visibleEntries(caller, params));
}
