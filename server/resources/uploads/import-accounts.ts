import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Edition } from '../accounts/address-rules.ts';
import { insertBusinessAccount, type NewBusinessAccount } from '../accounts/create-account.ts';
import { blacklistedDomainOf } from '../blacklisted-domains/blacklist.ts';
import { industryCodeExists } from '../industry-codes/repository.ts';
import { addAccountTags } from '../tags/repository.ts';
import { columnFields, type UploadField } from './columns.ts';
import { UPLOAD_MAX_ROWS, UPLOAD_TEXTS } from './upload-texts.ts';

/** What became of one line of the file. */
export interface RowResult {
  rowNumber: number;
  accountName: string | null;
  status: 'CREATED' | 'FAILED';
  red: boolean;
  accountId: string | null;
  message: string;
}

export interface ImportSettings {
  agencyId: string;
  edition: Edition;
  teamId: string | null;
  tagIds: string[];
  addRedAccounts: boolean;
  actor: { userId: string; ip: string | null; mayConfirmUnverifiedAddress: boolean };
}

type Cells = Partial<Record<UploadField, string>>;

/** Runs one line's work in a transaction of its own (a savepoint inside the seed's transaction). */
export type LineTransaction = <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>;

/**
 * The row-to-account mapping (spec 001 sections 3 and 5): Account Name, Address Line 1-3, City (Town/City), State
 * (US), Zip Code (Postcode), Phone, Domain, NAICS Code (SIC Code) and the contact's first and last name, e-mail and
 * phone, by the template's headers or their usual other names (columns.ts). A Zip Code a spreadsheet stored as a
 * number gets its leading zeros back.
 */
export function accountOf(cells: Cells, settings: Pick<ImportSettings, 'agencyId' | 'teamId' | 'edition'>): NewBusinessAccount {
  const text = (field: UploadField) => cells[field]?.trim() || null;
  let zipCode = text('zipCode');
  if (settings.edition === 'us' && zipCode && /^\d{3,4}$/.test(zipCode)) zipCode = zipCode.padStart(5, '0');
  const contact = { firstName: text('contactFirstName'), lastName: text('contactLastName'), email: text('contactEmail'), phone: text('contactPhone') };
  return {
    agencyId: settings.agencyId,
    teamId: settings.teamId,
    name: text('name') ?? '',
    address: {
      address1: text('address1'), address2: text('address2'), address3: settings.edition === 'uk' ? text('address3') : null,
      city: text('city'), state: settings.edition === 'us' ? text('state')?.toUpperCase() ?? null : null, zipCode,
    },
    phone: text('phone'),
    domainName: text('domainName'),
    industryCode: text('industryCode'),
    contact: Object.values(contact).some(Boolean) ? contact : null,
  };
}

/** A refusal of account creation as one line's reason: the fields' messages, or the message and what it names. */
export function reasonOf(error: unknown): string {
  if (!(error instanceof HttpError)) return 'Server Error. Please try again';
  const messages = [...new Set((error.body.errors ?? []).map((item) => item.message).filter((message): message is string => Boolean(message)))];
  if (error.statusCode === 400 && messages.length > 0) return messages.join('; ');
  return error.body.detail ? `${error.message}: ${error.body.detail}` : error.message;
}

/**
 * Creates one client account per line of the file, each line in its own transaction with its tags, so a line that
 * fails gives its reason and loses nothing else. A red account (its domain blacklisted, or its industry code not in
 * the edition's list) is created only when the upload asked to add red accounts.
 */
export async function importAccounts(db: Queryable, inTransaction: LineTransaction, clock: Clock, lines: string[][], settings: ImportSettings): Promise<RowResult[]> {
  const [header = [], ...body] = lines;
  const fields = columnFields(header);
  const hasName = [...fields.values()].includes('name');
  const results: RowResult[] = [];
  let counted = 0;
  for (const [index, line] of body.entries()) {
    if (line.every((cell) => cell === '')) continue;
    const rowNumber = index + 2;
    const cells: Cells = {};
    for (const [column, field] of fields) cells[field] = line[column] ?? '';
    const accountName = cells.name?.trim() || null;
    counted += 1;
    const failed = (message: string, red = false): RowResult => ({ rowNumber, accountName, status: 'FAILED', red, accountId: null, message });
    if (!hasName) results.push(failed(UPLOAD_TEXTS.noNameColumn));
    else if (counted > UPLOAD_MAX_ROWS) results.push(failed(UPLOAD_TEXTS.tooManyRows));
    else if (!accountName) results.push(failed(UPLOAD_TEXTS.nameMissing));
    else results.push(await importLine(db, inTransaction, clock, rowNumber, accountOf(cells, settings), settings));
  }
  return results;
}

async function importLine(db: Queryable, inTransaction: LineTransaction, clock: Clock, rowNumber: number, input: NewBusinessAccount, settings: ImportSettings): Promise<RowResult> {
  const reds: string[] = [];
  const blacklisted = await blacklistedDomainOf(db, input.domainName);
  if (blacklisted) reds.push(UPLOAD_TEXTS.redBlacklisted(blacklisted));
  const code = input.industryCode?.trim();
  if (code && /^\d{2,6}$/.test(code) && !(await industryCodeExists(db, settings.edition, code))) reds.push(UPLOAD_TEXTS.redIndustryCode(code));
  const red = reds.length > 0;
  const base = { rowNumber, accountName: input.name, red };
  if (red && !settings.addRedAccounts) return { ...base, status: 'FAILED', accountId: null, message: reds.join('; ') };
  try {
    const created = await inTransaction(async (tx) => {
      const account = await insertBusinessAccount(tx, clock, input, { userId: settings.actor.userId, ip: settings.actor.ip, source: 'bulk-upload', mayConfirmUnverifiedAddress: false });
      await addAccountTags(tx, account.accountId, settings.tagIds, clock.now(), settings.actor.userId);
      return account;
    });
    return { ...base, status: 'CREATED', accountId: created.accountId, message: red ? `${UPLOAD_TEXTS.created}; ${reds.join('; ')}` : UPLOAD_TEXTS.created };
  } catch (error) {
    if (!(error instanceof HttpError)) console.error(`Bulk upload line ${rowNumber} failed`, error);
    return { ...base, status: 'FAILED', accountId: null, message: reasonOf(error) };
  }
}
