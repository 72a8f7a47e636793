import type { Queryable } from '../db/database.ts';

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  created: string;
}

/** Newest first; optionally only messages to one address or phone number. */
export async function listOutbox(db: Queryable, to?: string, limit = 200): Promise<OutboxMessage[]> {
  const rows = await db.query<{
    id: number; channel: 'email' | 'sms'; to_address: string; subject: string | null; body: string; created_at: Date;
  }>(
    `SELECT id, channel, to_address, subject, body, created_at FROM outbox
     WHERE ($1::text IS NULL OR lower(to_address) = lower($1::text))
     ORDER BY id DESC LIMIT $2`,
    [to ?? null, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    created: new Date(row.created_at).toISOString(),
  }));
}
