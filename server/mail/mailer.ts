import nodemailer from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface TextMessage {
  to: string;
  text: string;
}

export interface Mailer {
  sendMail(message: MailMessage): Promise<void>;
  /** Text (SMS) messages: no gateway is configured, so they always go to the outbox. */
  sendText(message: TextMessage): Promise<void>;
}

export async function writeOutbox(
  db: Queryable,
  clock: Clock,
  row: { channel: 'email' | 'sms'; to: string; subject: string | null; body: string },
): Promise<void> {
  await db.query(
    'INSERT INTO outbox (channel, to_address, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)',
    [row.channel, row.to, row.subject, row.body, clock.now()],
  );
}

/** Everything goes to the outbox table (the default when SMTP_URL is not set). */
export function createOutboxMailer(db: Queryable, clock: Clock): Mailer {
  return {
    sendMail: ({ to, subject, text }) => writeOutbox(db, clock, { channel: 'email', to, subject, body: text }),
    sendText: ({ to, text }) => writeOutbox(db, clock, { channel: 'sms', to, subject: null, body: text }),
  };
}

/** E-mail through SMTP (SMTP_URL, e.g. smtp://user:pass@host:587); texts still go to the outbox. */
export function createSmtpMailer(smtpUrl: string, from: string, db: Queryable, clock: Clock): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const outbox = createOutboxMailer(db, clock);
  return {
    async sendMail({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
    sendText: outbox.sendText,
  };
}
