import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const valid = { agentId: 'u-1', number: 'OK 48213', state: 'TX', expirationDate: '2027-03-31' };

describe('agent-license form', () => {
  it('has the entity fields (and the id a save names), and its bindings', () => {
    const form = registry.resolve<FormDefinition>('agent-license', 'us');
    expect(Object.keys(form.schema.properties as object).sort()).toEqual(
      ['agentEmail', 'agentFirstName', 'agentId', 'agentLastName', 'agentPhone', 'expirationDate', 'id', 'npn', 'number', 'state'],
    );
    expect(form.binding).toEqual({
      load: 'getAgentLicense', submit: 'createAgentLicense', update: 'updateAgentLicense',
      failureText: 'Cannot add license at this time.Please try again later.',
    });
    expect(runtimeFor('agent-license').update(form.sample!).valid).toBe(true);
  });

  it('requires the agent, number, state and expiration date', () => {
    const state = runtimeFor('agent-license').update({});
    expect(state.errors.agentId?.[0]?.message).toBe('Agent is a required field');
    expect(state.errors.number?.[0]?.message).toBe('License # is a required field');
    expect(state.errors.state?.[0]?.message).toBe('State is a required field');
    expect(state.errors.expirationDate?.[0]?.message).toBe('Expiration Date is a required field');
    expect(runtimeFor('agent-license').update(valid).valid).toBe(true);
  });

  it('checks the NPN, licence number, phone and date like the agency licence', () => {
    const runtime = runtimeFor('agent-license');
    expect(messagesOf(runtime, { ...valid, npn: '123456789012' }, 'npn')).toEqual(['NPN must be less than or equal to 10 digits']);
    expect(messagesOf(runtime, { ...valid, number: 'OK#1' }, 'number')).toEqual(['Only alphabets and numbers are allowed for this field ']);
    expect(messagesOf(runtime, { ...valid, agentPhone: '555' }, 'agentPhone')).toEqual(['Phone number must be in the format (555) 555-5555']);
    expect(messagesOf(runtime, { ...valid, expirationDate: '2026-01-01' }, 'expirationDate')).toEqual(['Expiration date cannot be before today']);
  });

  it("shows the agent's name, e-mail and phone once an agent is chosen", () => {
    const runtime = runtimeFor('agent-license');
    expect(runtime.update({}).fields.agentFirstName?.visible).toBe(false);
    const chosen = runtime.update({ ...valid, agentFirstName: 'Alex', agentLastName: 'Agent', agentEmail: 'agent@agency.example' });
    expect(['agentFirstName', 'agentLastName', 'agentEmail', 'agentPhone'].map((field) => chosen.fields[field]?.visible)).toEqual([true, true, true, true]);
  });

  it('says Broker in the UK', () => {
    expect(runtimeFor('agent-license', 'uk').update({}).errors.agentId?.[0]?.message).toBe('Broker is a required field');
  });
});
