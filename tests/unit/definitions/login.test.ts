import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const CREDENTIALS = { username: 'agent@agency.example', password: 'Demo-Password-2026!' };

describe('login form', () => {
  it('sends to the login operation with Login', () => {
    const form = registry.resolve<FormDefinition>('login', 'us');
    expect(form.binding?.submit).toBe('login');
    expect(form.actions?.submitLabel).toBe('Login');
    expect(runtimeFor('login').update(form.sample!).valid).toBe(true);
  });

  it('requires an e-mail address and a password', () => {
    const state = runtimeFor('login').update({});
    expect(state.errors.username?.[0]?.message).toBe('Email is a required field');
    expect(state.errors.password?.[0]?.message).toBe('Password is a required field');
    expect(messagesOf(runtimeFor('login'), { ...CREDENTIALS, username: 'not-an-email' }, 'username')).toEqual(['Please enter a valid email address']);
  });

  it('asks for the code only in MFA mode, then requires exactly 6 digits', () => {
    const runtime = runtimeFor('login');
    const plain = runtime.update(CREDENTIALS);
    expect(plain.fields.mfaCode?.visible).toBe(false);
    expect(plain.valid).toBe(true);
    const mfa = runtime.update({ ...CREDENTIALS, mfaType: 'EMAIL' });
    expect(mfa.fields.mfaCode?.visible).toBe(true);
    expect(mfa.fields.mfaCode?.required).toBe(true);
    expect(mfa.fields.username?.enabled).toBe(false);
    expect(messagesOf(runtime, { ...CREDENTIALS, mfaType: 'EMAIL', mfaCode: '12345' }, 'mfaCode')).toEqual(['The code has 6 digits']);
    expect(runtime.update({ ...CREDENTIALS, mfaType: 'EMAIL', mfaCode: '123456' }).valid).toBe(true);
  });

  it('offers remember-this-device only while the remember-device flag is on', () => {
    expect(runtimeFor('login').update(CREDENTIALS).fields.rememberDevice?.visible).toBe(false);
    const flagged = runtimeFor('login', 'us', { flags: { 'remember-device': true } });
    const state = flagged.update({ ...CREDENTIALS, rememberDevice: true });
    expect(state.fields.rememberDevice?.visible).toBe(true);
    expect(flagged.payload(state)).toMatchObject({ rememberDevice: true });
    const unflagged = runtimeFor('login');
    expect(unflagged.payload(unflagged.update({ ...CREDENTIALS, rememberDevice: true }))).not.toHaveProperty('rememberDevice');
  });
});
