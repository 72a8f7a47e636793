import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

describe('confirm-password-reset form', () => {
  it('saves with Save Password, disabled until valid', () => {
    const form = registry.resolve<FormDefinition>('confirm-password-reset', 'us');
    expect(form.actions).toMatchObject({ submitLabel: 'Save Password', disableUntilValid: true });
    expect(runtimeFor('confirm-password-reset').update(form.sample!).valid).toBe(true);
  });

  it('requires the password and its confirmation', () => {
    const state = runtimeFor('confirm-password-reset').update({});
    expect(state.errors.password?.[0]?.message).toBe('New Password is a required field');
    expect(state.errors.confirmPassword?.[0]?.message).toBe('Confirm Password is a required field');
  });

  it("says 'Passwords do not match' while the two differ", () => {
    const runtime = runtimeFor('confirm-password-reset');
    expect(messagesOf(runtime, { password: 'Correct-Horse-42!', confirmPassword: 'Correct-Horse-4' }, 'confirmPassword')).toEqual(['Passwords do not match']);
    expect(runtime.update({ password: 'Correct-Horse-42!', confirmPassword: 'Correct-Horse-4' }).valid).toBe(false);
    expect(messagesOf(runtime, { password: 'Correct-Horse-42!', confirmPassword: 'Correct-Horse-42!' }, 'confirmPassword')).toEqual([]);
  });
});
