import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { registry, runtimeFor } from '../../support/registry.ts';

describe('signup form', () => {
  it('signs up with Sign Up; the sample is valid', () => {
    const form = registry.resolve<FormDefinition>('signup', 'us');
    expect(form.actions?.submitLabel).toBe('Sign Up');
    expect(runtimeFor('signup').update(form.sample!).valid).toBe(true);
  });

  it("uses the spec's required messages", () => {
    const state = runtimeFor('signup').update({ accountType: 'AGENCY' });
    const first = (field: string) => state.errors[field]?.[0]?.message;
    expect(first('invitationCode')).toBe('Invitation code is required');
    expect(first('organization')).toBe('Organization name is required');
    expect(first('firstName')).toBe('First name is required');
    expect(first('lastName')).toBe('Last name is required');
    expect(first('password')).toBe('Password is required');
    expect(first('npn')).toBe('Producer number is required');
  });

  it('does not ask a CUSTOMER for an NPN, nor anyone in the UK edition', () => {
    const customer = runtimeFor('signup').update({ accountType: 'CUSTOMER' });
    expect(customer.fields.npn?.visible).toBe(false);
    expect(customer.errors.npn).toBeUndefined();
    const uk = runtimeFor('signup', 'uk').update({ accountType: 'AGENCY' });
    expect(uk.fields.npn?.visible).toBe(false);
  });

  it('says Organisation in the UK edition', () => {
    const form = registry.resolve<FormDefinition>('signup', 'uk');
    expect((form.schema.properties as Record<string, { title: string }>).organization!.title).toBe('Organisation Name');
  });
});
