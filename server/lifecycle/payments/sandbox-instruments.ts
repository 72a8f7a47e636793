/**
 * The sandbox processor's test instruments, as processors publish theirs: any card number that passes the
 * Luhn check is accepted and approved, except the numbers below, which ask for a decline; bank accounts are
 * debited unless the account number asks for a return. The hosted form lists them.
 */
export type Outcome = 'approve' | 'decline' | 'insufficient_funds' | 'return';

export interface TestInstrument {
  number: string;
  label: string;
  outcome: Outcome;
}

export const TEST_CARDS: readonly TestInstrument[] = [
  { number: '4242424242424242', label: 'Visa, approved', outcome: 'approve' },
  { number: '5555555555554444', label: 'Mastercard, approved', outcome: 'approve' },
  { number: '4000000000000002', label: 'Visa, declined', outcome: 'decline' },
  { number: '4000000000009995', label: 'Visa, declined for insufficient funds', outcome: 'insufficient_funds' },
];

/** Bank accounts: the routing number (US) or sort code (UK) is checked for shape only. */
export const TEST_BANK_ACCOUNTS: readonly TestInstrument[] = [
  { number: '000123456789', label: 'US account, debited', outcome: 'approve' },
  { number: '000111111116', label: 'US account, returned after processing (R01 insufficient funds)', outcome: 'return' },
  { number: '12345678', label: 'UK account, debited', outcome: 'approve' },
  { number: '11111116', label: 'UK account, returned after processing', outcome: 'return' },
];

export const DECLINE_MESSAGES: Record<Exclude<Outcome, 'approve'>, string> = {
  decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  return: 'The bank account could not be debited (R01 insufficient funds).',
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Card';
}

export function outcomeOf(kind: 'creditCard' | 'bankAccount', digits: string): Outcome {
  const list = kind === 'creditCard' ? TEST_CARDS : TEST_BANK_ACCOUNTS;
  return list.find((instrument) => instrument.number === digits)?.outcome ?? 'approve';
}

/** ABA routing numbers carry a checksum (3, 7, 1 weights). */
export function validRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
}
