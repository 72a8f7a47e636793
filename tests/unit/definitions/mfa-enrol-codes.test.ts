import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

describe('mfa-enrol-codes form', () => {
  it('verifies with Verify once the codes are valid', () => {
    const form = registry.resolve<FormDefinition>('mfa-enrol-codes', 'us');
    expect(form.actions).toMatchObject({ submitLabel: 'Verify', disableUntilValid: true });
    expect(runtimeFor('mfa-enrol-codes').update(form.sample!).valid).toBe(true);
  });

  it('SMS and EMAIL: one 6-digit code, no second field', () => {
    for (const mfaType of ['SMS', 'EMAIL']) {
      const runtime = runtimeFor('mfa-enrol-codes');
      const state = runtime.update({ mfaType });
      expect(state.fields.mfa2?.visible).toBe(false);
      expect(state.errors.mfa1?.[0]?.message).toBe('Verification Code is a required field');
      expect(messagesOf(runtime, { mfaType, mfa1: '12345' }, 'mfa1')).toEqual(['The code has 6 digits']);
      expect(messagesOf(runtime, { mfaType, mfa1: '12345a' }, 'mfa1')).toEqual(['The code has 6 digits']);
      const done = runtime.update({ mfaType, mfa1: '123456' });
      expect(done.valid).toBe(true);
      expect(runtime.payload(done)).toEqual({ mfaType, mfa1: '123456' });
    }
  });

  it('GOOGLE: two consecutive 6-digit codes, which differ', () => {
    const runtime = runtimeFor('mfa-enrol-codes');
    const first = runtime.update({ mfaType: 'GOOGLE', mfa1: '123456' });
    expect(first.fields.mfa2?.visible).toBe(true);
    expect(first.fields.mfa2?.required).toBe(true);
    expect(first.valid).toBe(false);
    expect(messagesOf(runtime, { mfaType: 'GOOGLE', mfa1: '123456', mfa2: '9876' }, 'mfa2')).toEqual(['The code has 6 digits']);
    expect(messagesOf(runtime, { mfaType: 'GOOGLE', mfa1: '123456', mfa2: '123456' }, 'mfa2')).toEqual([
      'Enter the next code the app shows, not the same code again',
    ]);
    const done = runtime.update({ mfaType: 'GOOGLE', mfa1: '123456', mfa2: '654321' });
    expect(done.valid).toBe(true);
    expect(runtime.payload(done)).toEqual({ mfaType: 'GOOGLE', mfa1: '123456', mfa2: '654321' });
  });
});
