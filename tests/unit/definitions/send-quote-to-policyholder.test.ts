import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const valid = { id: 'q-1', customerFirstName: 'Daniel', customerLastName: 'Okafor', customerEmail: 'd@brightline.com', customerPhone: '6175550198' };

describe('send-quote-to-policyholder form', () => {
  it('accepts its sample and binds sendQuoteToPolicyholder', () => {
    const form = registry.resolve<FormDefinition>('send-quote-to-policyholder', 'us');
    expect(runtimeFor('send-quote-to-policyholder').update(form.sample!).valid).toBe(true);
    expect(form.binding?.submit).toBe('sendQuoteToPolicyholder');
    expect(form.actions?.submitLabel).toBe('Send');
  });

  it('requires every field', () => {
    const state = runtimeFor('send-quote-to-policyholder').update({ id: 'q-1' });
    expect(Object.keys(state.errors).sort()).toEqual(['customerEmail', 'customerFirstName', 'customerLastName', 'customerPhone']);
    expect(state.errors.customerFirstName?.[0]?.message).toBe('First Name is a required field');
  });

  it("allows letters and spaces only in names ('Please enter only alphabets')", () => {
    const runtime = runtimeFor('send-quote-to-policyholder');
    expect(messagesOf(runtime, { ...valid, customerFirstName: 'Dan1el' }, 'customerFirstName')).toEqual(['Please enter only alphabets']);
    expect(messagesOf(runtime, { ...valid, customerLastName: 'Okafor-Jones' }, 'customerLastName')).toEqual(['Please enter only alphabets']);
    expect(messagesOf(runtime, { ...valid, customerLastName: 'Van Buren' }, 'customerLastName')).toEqual([]);
  });

  it('checks the email and the phone', () => {
    const runtime = runtimeFor('send-quote-to-policyholder');
    expect(messagesOf(runtime, { ...valid, customerEmail: 'daniel@' }, 'customerEmail')).toEqual(['Email is invalid']);
    expect(messagesOf(runtime, { ...valid, customerPhone: '617555' }, 'customerPhone')).toEqual(['Phone number must be in the format (555) 555-5555']);
    expect(runtimeFor('send-quote-to-policyholder').update(valid).valid).toBe(true);
  });
});
