import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

describe('forgot-password form', () => {
  it('resets with Reset Password', () => {
    const form = registry.resolve<FormDefinition>('forgot-password', 'us');
    expect(form.actions?.submitLabel).toBe('Reset Password');
    expect(runtimeFor('forgot-password').update(form.sample!).valid).toBe(true);
  });

  it('requires a valid e-mail address', () => {
    const runtime = runtimeFor('forgot-password');
    expect(messagesOf(runtime, {}, 'email')).toEqual(['Email is a required field']);
    expect(messagesOf(runtime, { email: 'someone@' }, 'email')).toEqual(['Please enter a valid email address']);
    expect(messagesOf(runtime, { email: 'someone@agency.example' }, 'email')).toEqual([]);
  });
});
