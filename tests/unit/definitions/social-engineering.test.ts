import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const ID = 'social-engineering';
const ANSWERS = ['isVerifyingBankAccounts', 'isAuthenticatingFundTransferRequests', 'isPreventingUnauthorizedWireTransfers'];

describe('social-engineering', () => {
  it('requires all three yes/no answers with the spec message', () => {
    const runtime = runtimeFor(ID);
    const state = runtime.update({ accountId: 'a-1' });
    expect(Object.keys(state.errors).sort()).toEqual([...ANSWERS].sort());
    expect(messagesOf(runtime, {}, 'isVerifyingBankAccounts')).toEqual(['Verifies Bank Accounts is a required field']);
  });

  it('accepts No as an answer (required means answered, not yes)', () => {
    const state = runtimeFor(ID).update({ isVerifyingBankAccounts: false, isAuthenticatingFundTransferRequests: false, isPreventingUnauthorizedWireTransfers: false });
    expect(state.valid).toBe(true);
  });

  it('clears each required error once answered', () => {
    const runtime = runtimeFor(ID);
    expect(messagesOf(runtime, { isVerifyingBankAccounts: true }, 'isVerifyingBankAccounts')).toEqual([]);
    expect(messagesOf(runtime, { isVerifyingBankAccounts: true }, 'isAuthenticatingFundTransferRequests')).toHaveLength(1);
  });

  it('offers Yes and No as booleans and sends the accountId', () => {
    const definition = registry.resolve<FormDefinition>(ID, 'us');
    const properties = definition.schema.properties as Record<string, { oneOf?: unknown[] }>;
    expect(properties.isVerifyingBankAccounts!.oneOf).toEqual([
      { const: true, title: 'Yes' },
      { const: false, title: 'No' },
    ]);
    const runtime = runtimeFor(ID);
    const data = { accountId: 'a-1', isVerifyingBankAccounts: true, isAuthenticatingFundTransferRequests: true, isPreventingUnauthorizedWireTransfers: true };
    expect(runtime.payload(runtime.update(data))).toEqual(data);
    expect(definition.binding?.submit).toBe('saveSocialEngineering');
  });
});
