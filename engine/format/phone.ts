import type { Edition } from '../editions/edition-types.ts';

type PhoneRules = Pick<Edition, 'phone'>;

export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** Fills a mask's x's with digits, stopping where the digits run out (auto-format while typing). */
export function applyMask(digits: string, mask: string): string {
  let out = '';
  let index = 0;
  for (const char of mask) {
    if (index >= digits.length) break;
    if (char === 'x') out += digits[index++];
    else out += char;
  }
  return out;
}

/**
 * The national number as the user types it: (xxx) xxx-xxxx in the US. UK numbers are written with
 * their trunk 0 (the spec: 'UK numbers get a leading 0 added'), as xxxxx xxxxxx.
 */
export function formatPhoneInput(text: string, edition: PhoneRules): string {
  let digits = phoneDigits(text);
  if (edition.phone.countryCode === '+44' && digits.length > 0 && !digits.startsWith('0')) digits = `0${digits}`;
  return applyMask(digits, edition.phone.inputMask);
}

/** A stored number for display with its country code: +1 (xxx) xxx-xxxx or +44 xxxxx xxxxxx. */
export function formatPhoneDisplay(value: string | null | undefined, countryCode = '+1'): string {
  if (!value) return '';
  let digits = phoneDigits(value);
  const code = phoneDigits(countryCode);
  if (digits.length > 10 && digits.startsWith(code) && !(code === '44' && digits.startsWith('0'))) digits = digits.slice(code.length);
  if (countryCode === '+44') {
    if (!digits.startsWith('0')) digits = `0${digits}`;
    return `+44 ${applyMask(digits, 'xxxxx xxxxxx')}`;
  }
  return `+1 ${applyMask(digits, '(xxx) xxx-xxxx')}`;
}
