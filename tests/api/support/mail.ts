import { listOutbox } from '../../../server/mail/outbox.ts';
import type { TestApp } from './test-app.ts';

/** The 6-digit code of a message body. */
export function codeIn(body: string | undefined): string {
  const match = /\b(\d{6})\b/.exec(body ?? '');
  if (!match?.[1]) throw new Error(`No 6-digit code in '${body}'`);
  return match[1];
}

/** The token of a console link in a message body: http://host/{page}/{token}. */
export function linkTokenIn(body: string | undefined, page: string): string {
  const match = new RegExp(`/${page}/([A-Za-z0-9_-]+)`).exec(body ?? '');
  if (!match?.[1]) throw new Error(`No /${page}/ link in '${body}'`);
  return match[1];
}

/**
 * Every message to an address, newest first, read from the outbox table: tests about other things need no
 * staff session for it (the mailbox endpoint's own rules are tested in dev-mailbox.test.ts).
 */
export async function messagesTo(t: TestApp, address: string): Promise<Array<{ body: string; subject: string | null }>> {
  return listOutbox(t.db, address);
}

/** A fresh client address, so throttling by address never links unrelated tests. */
let addressCounter = 0;
export function nextAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}
