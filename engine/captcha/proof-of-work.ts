/**
 * The forgot-password captcha's arithmetic, shared by the browser that solves it and the server that checks
 * it: SHA-256 of the UTF-8 text `salt + nonce` must start with `difficulty` zero bits.
 */

/** Leading zero bits of a hash. */
export function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The text that is hashed for a nonce. */
export function proofInput(salt: string, nonce: string | number): string {
  return `${salt}${nonce}`;
}
