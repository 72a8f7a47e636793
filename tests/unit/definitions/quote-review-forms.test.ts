import { describe, expect, it } from 'vitest';
import { messagesOf, runtimeFor } from '../../support/registry.ts';

/** The forms of the review page and the insured's attestation and signature, as data: input, field, messages. */
const CASES: Array<{ form: string; valid: Record<string, unknown>; change: Record<string, unknown>; field: string; messages: string[] }> = [
  { form: 'name-insured-attestation', valid: { accepted: true }, change: { accepted: false }, field: 'accepted', messages: ['Please accept the terms to continue.'] },
  { form: 'name-insured-attestation', valid: { accepted: true }, change: { accepted: undefined }, field: 'accepted', messages: ['Please accept the terms to continue.'] },
  { form: 'quote-signature', valid: { signedName: 'Maria Delgado', consent: true }, change: { consent: false }, field: 'consent', messages: ['Please agree to sign electronically.'] },
  { form: 'quote-signature', valid: { signedName: 'Maria Delgado', consent: true }, change: { signedName: 'M' }, field: 'signedName', messages: ['Please type your full name.'] },
  { form: 'quote-signature', valid: { signedName: 'Maria Delgado', consent: true }, change: { signedName: '42 42' }, field: 'signedName', messages: ['Please type your full name.'] },
  {
    form: 'request-to-bind',
    valid: { customerFirstName: 'Maria', customerLastName: 'Delgado', customerEmail: 'maria@client.example', customerPhone: '3035550188' },
    change: { customerFirstName: undefined }, field: 'customerFirstName', messages: ['Please enter Policy Holder First Name.'],
  },
  {
    form: 'request-to-bind',
    valid: { customerFirstName: 'Maria', customerLastName: 'Delgado', customerEmail: 'maria@client.example', customerPhone: '3035550188' },
    change: { customerEmail: 'maria@' }, field: 'customerEmail', messages: ['Please enter a valid Email Address'],
  },
];

describe('quote review forms', () => {
  it.each(CASES)('$form: $field after $change says $messages', ({ form, valid, change, field, messages }) => {
    const runtime = runtimeFor(form);
    expect(runtime.update(valid).valid).toBe(true);
    expect(messagesOf(runtime, { ...valid, ...change }, field)).toEqual(messages);
  });
});
