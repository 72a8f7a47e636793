import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

describe('resend-validation form', () => {
  it('requires the e-mail address', () => {
    const form = registry.resolve<FormDefinition>('resend-validation', 'us');
    expect(form.actions?.submitLabel).toBe('Resend Validation Email');
    expect(messagesOf(runtimeFor('resend-validation'), {}, 'email')).toEqual(['Email is a required field']);
    expect(runtimeFor('resend-validation').update(form.sample!).valid).toBe(true);
  });
});
