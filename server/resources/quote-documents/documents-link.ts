import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a link to a quote's documents: '<quote id>.<expiry, unix seconds>.<HMAC-SHA256, base64url>'.
 * The quote and the expiry are inside the signed text, so a link cannot be pointed at another quote or made
 * to last longer; nothing is stored, and the key (a server secret) never leaves the server.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(key: Uint8Array, quoteId: string, expires: number): Buffer {
  return createHmac('sha256', key).update(`quote-documents:${quoteId}:${expires}`).digest();
}

export function signDocumentsLink(key: Uint8Array, quoteId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${quoteId}.${expires}.${signature(key, quoteId, expires).toString('base64url')}`;
}

/** The quote a token opens, or null when it was altered, is malformed or has expired. */
export function verifyDocumentsLink(key: Uint8Array, token: string, now: Date): string | null {
  const [quoteId = '', expiresText = '', given = '', ...rest] = token.split('.');
  const expires = Number(expiresText);
  if (rest.length > 0 || !UUID.test(quoteId) || !/^\d{1,12}$/.test(expiresText) || !/^[A-Za-z0-9_-]{43}$/.test(given)) return null;
  // Compared as text, not as decoded bytes: the last of 43 base64url characters carries two unused bits, so
  // four spellings decode alike, and only the one the server wrote is its link.
  const expected = Buffer.from(signature(key, quoteId, expires).toString('base64url'));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  return now.getTime() < expires * 1000 ? quoteId : null;
}
