import type { components } from '../../../api/schema.d.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { PROVIDER_ACCOUNT_TYPE } from '../../auth/session-context.ts';
import type { TypedHandlers } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, forbidden } from '../../http/http-error.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListSpec } from '../../list/list-spec.ts';
import type { Caller, Services } from '../../services.ts';
import { insertBusinessAccount } from '../accounts/create-account.ts';

type MsspAccount = components['schemas']['MsspAccount'];

export const MSSP_ACCOUNT_TEXTS = {
  /** The MSSP places a client with one of the agencies it works with (organisation_agencies). */
  agencyNotPartner: 'The selected agency does not work with your organisation.',
  noPartnerAgency: 'Your organisation works with no agency yet: ask your administrator to add one.',
} as const;

interface MsspAccountRow {
  id: string;
  name: string;
  edition: 'us' | 'uk';
  state: string | null;
  phone: string | null;
  address1: string | null;
  city: string | null;
  zip_code: string | null;
  agency_id: string | null;
  agency_name: string | null;
  created_at: Date;
}

const ACCOUNTS: ListSpec<MsspAccountRow, MsspAccount> = {
  select: `a.id, a.name, a.edition, d.state, d.phone, d.address1, d.city, d.zip_code, a.agency_id, g.name AS agency_name, a.created_at`,
  from: `mssp_accounts m JOIN accounts a ON a.id = m.account_id LEFT JOIN account_details d ON d.account_id = a.id
    LEFT JOIN accounts g ON g.id = a.agency_id`,
  sorts: { name: 'lower(a.name)', state: 'd.state', city: 'lower(d.city)', created: 'a.created_at' },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreak: ['a.id'],
  search: ['a.name', 'd.city', 'd.address1', 'd.zip_code'],
  filters: { state: { sql: 'd.state' }, agency: { sql: 'a.agency_id', cast: 'uuid' } },
  toItem: (row) => ({
    id: row.id, cbid: row.id, name: row.name, edition: row.edition, state: row.state, phone: row.phone, address1: row.address1, city: row.city,
    zipCode: row.zip_code, agencyId: row.agency_id, agencyName: row.agency_name, created: new Date(row.created_at).toISOString(),
  }),
};

/** Provider staff see every MSSP's client accounts; an MSSP its own; nobody else any. */
function msspOf(caller: Caller): { all: true } | { all: false; msspId: string } {
  if (caller.accountType === PROVIDER_ACCOUNT_TYPE) return { all: true };
  if (caller.accountType === 'MSSP') return { all: false, msspId: caller.accountId };
  throw forbidden();
}

const contains = (params: SqlParams, column: string, value: unknown) => `${column} ILIKE ${params.add(`%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;

/** The agency a new client goes under: one the MSSP works with (the only one when it works with one and none is chosen). */
async function partnerAgency(db: Queryable, msspId: string, agencyId: string | undefined): Promise<string> {
  const partners = await db.query<{ agency_id: string }>(
    `SELECT agency_id FROM organisation_agencies WHERE organisation_id = $1 AND organisation_type = 'MSSP' ORDER BY added_at`, [msspId],
  );
  if (partners.length === 0) throw new HttpError(409, MSSP_ACCOUNT_TEXTS.noPartnerAgency);
  if (!agencyId) {
    if (partners.length === 1) return partners[0]!.agency_id;
    throw new HttpError(400, 'Please select a Agency', { errors: [{ field: 'agencyId', message: 'Please select a Agency' }] });
  }
  if (!partners.some((partner) => partner.agency_id === agencyId)) {
    throw new HttpError(400, MSSP_ACCOUNT_TEXTS.agencyNotPartner, { errors: [{ field: 'agencyId', message: MSSP_ACCOUNT_TEXTS.agencyNotPartner }] });
  }
  return agencyId;
}

/**
 * A managed security provider's client accounts (spec 001 sections 3 and 5: MSSP account; section 2:
 * /mssp/manage/accountlookup). The account is a business account like any other, created by the accounts
 * module's createBusinessAccount under one of the agencies the MSSP works with, and remembered as the MSSP's.
 */
export function msspAccountHandlers({ db, clock }: Services): TypedHandlers {
  return {
    async searchMsspAccounts(request) {
      const who = msspOf(callerOf(request));
      const { accountName, city, zipCode, phone, street } = request.query;
      return listPage(db, ACCOUNTS, request.query, (params) => {
        const conditions = who.all ? [] : [`m.mssp_id = ${params.add(who.msspId, 'uuid')}`];
        if (accountName) conditions.push(contains(params, 'a.name', accountName));
        if (city) conditions.push(contains(params, 'd.city', city));
        if (street) conditions.push(contains(params, 'd.address1', street));
        if (zipCode) conditions.push(`upper(replace(d.zip_code, ' ', '')) LIKE ${params.add(`${String(zipCode).replace(/[\s%_\\]/g, '').toUpperCase()}%`)}`);
        if (phone) conditions.push(`d.phone = ${params.add(String(phone).replace(/\D/g, '').slice(-10))}`);
        return conditions.length ? conditions.join(' AND ') : 'TRUE';
      });
    },

    async createMsspAccount(request, reply) {
      const caller = callerOf(request);
      if (caller.accountType !== 'MSSP') throw forbidden();
      const body = checkedBodyOf(request);
      const created = await db.transaction(async (tx) => {
        const agencyId = await partnerAgency(tx, caller.accountId, body.agencyId);
        const account = await insertBusinessAccount(tx, clock, {
          agencyId,
          name: String(body.name),
          address: { address1: body.address1 ?? null, city: body.city ?? null, state: body.state ?? null, zipCode: body.zipCode ?? null },
          phone: body.phone ?? null,
        }, { userId: caller.userId, ip: request.ip, source: 'mssp' });
        await tx.query('INSERT INTO mssp_accounts (mssp_id, account_id, created_at, created_by) VALUES ($1, $2, $3, $4)', [caller.accountId, account.accountId, clock.now(), caller.userId]);
        return account;
      });
      const params = new SqlParams();
      const [row] = await db.query<MsspAccountRow>(`SELECT ${ACCOUNTS.select} FROM ${ACCOUNTS.from} WHERE a.id = ${params.add(created.accountId, 'uuid')}`, params.values);
      return reply.code(201).send(ACCOUNTS.toItem(row!));
    },
  };
}
