import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const ID = 'send-quote-to-agency';
const FILLED = { id: 'q-1', agencyName: 'Summit Risk Partners', agentFirstName: 'Priya', agentLastName: 'Raman', agentEmail: 'priya@summit.example', agentPhone: '3035550142' };

/** Spec 002 section 5 'Send quote to a wholesale agency', in each edition's words. */
const EDITIONS = [
  { edition: 'us', title: 'Send Quote to Agency', agentEmail: 'Agent Email' },
  { edition: 'uk', title: 'Send Quote to Brokerage', agentEmail: 'Broker Email' },
] as const;

const PHONES = [
  { phone: '3035550142', valid: true },
  { phone: '02079460123', valid: true },
  { phone: '303555014', valid: false },
  { phone: '020794601234', valid: false },
  { phone: '(303) 555-0142', valid: false },
];

describe.each(EDITIONS)('send-quote-to-agency ($edition)', ({ edition, title, agentEmail }) => {
  it('speaks of the edition\'s agency and agent', () => {
    const definition = registry.resolve<FormDefinition>(ID, edition);
    expect(definition.title).toBe(title);
    expect((definition.schema.properties as Record<string, { title?: string }>).agentEmail!.title).toBe(agentEmail);
  });

  it('requires the agency, both names, a valid email and a phone', () => {
    const state = runtimeFor(ID, edition).update({ id: 'q-1' });
    expect(Object.keys(state.errors).sort()).toEqual(['agencyName', 'agentEmail', 'agentFirstName', 'agentLastName', 'agentPhone']);
    expect(messagesOf(runtimeFor(ID, edition), { ...FILLED, agentEmail: 'priya@' }, 'agentEmail')).toHaveLength(1);
    expect(runtimeFor(ID, edition).update(FILLED).valid).toBe(true);
  });

  it.each(PHONES)('phone $phone valid=$valid', ({ phone, valid }) => {
    expect(messagesOf(runtimeFor(ID, edition), { ...FILLED, agentPhone: phone }, 'agentPhone')).toEqual(valid ? [] : ['not a valid phone number']);
  });
});
