/**
 * The forgot-password captcha: find a nonce such that SHA-256 of the UTF-8 text `salt + nonce` starts
 * with `difficulty` zero bits (api/openapi.yaml, getCaptchaChallenge). Pure apart from the hash.
 */

import { leadingZeroBits, proofInput } from '../../engine/index.ts';

export type Digest = (bytes: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer>;

/** The browser's SHA-256, or undefined where crypto.subtle is missing (a page not served securely). */
export function browserDigest(): Digest | undefined {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  return (bytes) => subtle.digest('SHA-256', bytes);
}

/**
 * Searches nonces 0, 1, 2... Gives up after `maxAttempts` (a difficulty the page cannot meet) and
 * yields to the event loop every few thousand hashes so the page stays responsive.
 */
export async function solveProofOfWork(salt: string, difficulty: number, digest: Digest, maxAttempts = 50_000_000): Promise<string | undefined> {
  const encoder = new TextEncoder();
  for (let nonce = 0; nonce < maxAttempts; nonce += 1) {
    const hash = new Uint8Array(await digest(encoder.encode(proofInput(salt, nonce))));
    if (leadingZeroBits(hash) >= difficulty) return String(nonce);
    if (nonce % 4096 === 4095) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return undefined;
}
