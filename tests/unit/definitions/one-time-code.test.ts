import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

describe('one-time-code form', () => {
  it('takes exactly 6 digits', () => {
    const form = registry.resolve<FormDefinition>('one-time-code', 'us');
    expect(form.actions).toMatchObject({ submitLabel: 'Continue', disableUntilValid: true });
    const runtime = runtimeFor('one-time-code');
    expect(messagesOf(runtime, {}, 'code')).toEqual(['Access Code is a required field']);
    expect(messagesOf(runtime, { code: '12345' }, 'code')).toEqual(['The code has 6 digits']);
    expect(messagesOf(runtime, { code: '12345a' }, 'code')).toEqual(['The code has 6 digits']);
    expect(messagesOf(runtime, { code: '123456' }, 'code')).toEqual([]);
  });
});
