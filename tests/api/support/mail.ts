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

/** Every message to an address, newest first. */
export async function messagesTo(t: TestApp, address: string): Promise<Array<{ body: string; subject: string | null }>> {
  const response = await t.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(address)}` });
  return response.json().content;
}

/** A fresh client address, so throttling by address never links unrelated tests. */
let addressCounter = 0;
export function nextAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}
