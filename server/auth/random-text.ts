import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `length` letters and digits drawn uniformly by the system's secure generator (about 5.95 bits each):
 * credentials a person may have to copy by hand, without characters a URL or a header would escape.
 */
export function randomAlphanumeric(length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}
