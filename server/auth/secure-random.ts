import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code of `length` digits, leading zeros allowed. */
export function randomDigits(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

export function equalHashes(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
