import type { Queryable } from '../../db/database.ts';

/** The surplus lines columns of a quote. */
export interface NoticeColumns {
  risk_state: string | null;
  is_surplus: boolean;
  surplus_notice_attested_at: Date | null;
  surplus_notice_broker: { firstName: string; lastName: string; email: string; licenseNumber: string | null; state: string } | null;
}

export async function noticeColumns(q: Queryable, quoteId: string): Promise<NoticeColumns> {
  const [row] = await q.query<NoticeColumns>(
    'SELECT risk_state, is_surplus, surplus_notice_attested_at, surplus_notice_broker FROM quotes WHERE id = $1', [quoteId],
  );
  return row!;
}

export interface SurplusLicenseRow {
  surplus_license_number: string;
  broker_first_name: string;
  broker_last_name: string;
  broker_email: string;
  signature_on_file: boolean;
}

/** The agency's surplus lines licence for a state; the one changed last when it holds several. */
export async function surplusLicenseOf(q: Queryable, agencyId: string, state: string | null): Promise<SurplusLicenseRow | null> {
  if (!state) return null;
  const [license] = await q.query<SurplusLicenseRow>(
    `SELECT surplus_license_number, broker_first_name, broker_last_name, broker_email, signature_on_file FROM surplus_licenses
     WHERE agency_id = $1 AND surplus_lines_state = $2 ORDER BY updated_at DESC LIMIT 1`,
    [agencyId, state],
  );
  return license ?? null;
}

/** When and to whom the notice of a quote was last sent for review and signature (its history holds each sending). */
export async function lastNoticeSending(q: Queryable, quoteId: string): Promise<{ to: string; at: Date } | null> {
  const [row] = await q.query<{ to: string; at: Date }>(
    `SELECT detail->>'broker' AS "to", at FROM quote_events WHERE quote_id = $1 AND action = 'sendSurplusNotice' ORDER BY id DESC LIMIT 1`,
    [quoteId],
  );
  return row ?? null;
}
