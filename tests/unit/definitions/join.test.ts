import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const PASSWORDS = { password: 'Correct-Horse-42!', confirmPassword: 'Correct-Horse-42!' };

describe('join form', () => {
  it('creates the account with Create Account; the sample is valid', () => {
    const form = registry.resolve<FormDefinition>('join', 'us');
    expect(form.actions?.submitLabel).toBe('Create Account');
    expect(runtimeFor('join').update(form.sample!).valid).toBe(true);
  });

  it('asks the names only for EXISTING_ACCOUNT links, and requires them there', () => {
    const runtime = runtimeFor('join');
    const existing = runtime.update({ tokenType: 'EXISTING_ACCOUNT', ...PASSWORDS });
    expect(existing.fields.firstName?.visible).toBe(true);
    expect(existing.errors.firstName?.[0]?.message).toBe('First name is required');
    expect(existing.errors.lastName?.[0]?.message).toBe('Last name is required');
    const quote = runtime.update({ tokenType: 'QUOTE_SENT_NEW_USER', ...PASSWORDS });
    expect(quote.fields.firstName?.visible).toBe(false);
    expect(quote.valid).toBe(true);
  });

  it("says 'Passwords do not match' while the two differ", () => {
    const runtime = runtimeFor('join');
    expect(messagesOf(runtime, { tokenType: 'QUOTE_LINK_NEW_AGENT', password: 'a', confirmPassword: 'b' }, 'confirmPassword')).toEqual([
      'Passwords do not match',
    ]);
  });
});
