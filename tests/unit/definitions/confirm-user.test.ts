import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

describe('confirm-user form', () => {
  it('saves with Confirm, disabled until valid', () => {
    const form = registry.resolve<FormDefinition>('confirm-user', 'us');
    expect(form.actions).toMatchObject({ submitLabel: 'Confirm', disableUntilValid: true });
    expect(runtimeFor('confirm-user').update(form.sample!).valid).toBe(true);
  });

  it('requires the password and its confirmation', () => {
    const state = runtimeFor('confirm-user').update({});
    expect(state.errors.password?.[0]?.message).toBe('Password is a required field');
    expect(state.errors.confirmPassword?.[0]?.message).toBe('Confirm Password is a required field');
  });

  it("says 'Passwords must match' while the two differ", () => {
    const runtime = runtimeFor('confirm-user');
    expect(messagesOf(runtime, { password: 'Correct-Horse-42!', confirmPassword: 'Correct-Horse-4' }, 'confirmPassword')).toEqual(['Passwords must match']);
    expect(runtime.update({ password: 'Correct-Horse-42!', confirmPassword: 'Correct-Horse-4' }).valid).toBe(false);
    expect(messagesOf(runtime, { password: 'Correct-Horse-42!', confirmPassword: 'Correct-Horse-42!' }, 'confirmPassword')).toEqual([]);
  });
});
