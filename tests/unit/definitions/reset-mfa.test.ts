import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { registry, runtimeFor } from '../../support/registry.ts';

describe('reset-mfa form', () => {
  it("is the 'Reset Multi Factor Authentication' dialog sending resetMfa", () => {
    const form = registry.resolve<FormDefinition>('reset-mfa', 'us');
    expect(form.title).toBe('Reset Multi Factor Authentication');
    expect(form.binding?.submit).toBe('resetMfa');
    expect(form.actions).toMatchObject({ submitLabel: 'Reset MFA', cancelLabel: 'Cancel' });
    expect(runtimeFor('reset-mfa').update(form.sample!).valid).toBe(true);
  });

  it('requires the e-mail address and the password', () => {
    const state = runtimeFor('reset-mfa').update({});
    expect(state.errors.username?.[0]?.message).toBe('Email is a required field');
    expect(state.errors.password?.[0]?.message).toBe('Password is a required field');
  });
});
