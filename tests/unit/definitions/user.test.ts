import { describe, expect, it } from 'vitest';
import type { EditionId } from '../../../engine/index.ts';
import { messagesOf, runtimeFor } from '../../support/registry.ts';

/**
 * The user dialogs as the browser runs them (the server checks bodies with the same definitions): the user form's
 * fields per persona (spec 001 section 5 User) in both editions, its required fields, and the add-accounts form's
 * payload (accountRoleMap, accountTeamsMap) and its teams for team-realm agency roles.
 */
const visible = (persona: string, data: Record<string, unknown> = {}, edition: EditionId = 'us') => {
  const fields = runtimeFor('user', edition, { persona }).update({ roleId: 'x', ...data }).fields;
  return ['slackHandle', 'primaryContact', 'billingContact', 'agencies'].filter((field) => fields[field]!.visible);
};

describe('user form', () => {
  // [persona, the optional fields it shows]
  it.each([
    ['admin', ['slackHandle', 'primaryContact', 'billingContact', 'agencies']],
    ['agency', ['primaryContact', 'billingContact', 'agencies']],
    ['da', ['primaryContact', 'billingContact', 'agencies']],
    ['cluster', ['primaryContact', 'billingContact', 'agencies']],
    ['vendor', ['primaryContact', 'billingContact', 'agencies']],
    ['carrier', ['billingContact']],
    ['mssp', ['primaryContact', 'agencies']],
    ['customer', ['primaryContact']],
    ['reinsurer', ['primaryContact', 'billingContact']],
    ['premiumprocessor', ['primaryContact', 'billingContact']],
  ])('for %s shows %j', (persona, shown) => {
    expect(visible(persona)).toEqual(shown);
    expect(visible(persona, {}, 'uk')).toEqual(shown);
  });

  it('the Technician role hides both contact options', () => {
    expect(visible('admin', { roleId: 'provider-technician' })).toEqual(['slackHandle', 'agencies']);
  });

  it.each(['us', 'uk'] as const)("role, names and a valid e-mail are required ('{label} is a required field') (%s)", (edition) => {
    const runtime = runtimeFor('user', edition, { persona: 'agency' });
    expect(messagesOf(runtime, {}, 'roleId')).toEqual(['Role is a required field']);
    expect(messagesOf(runtime, {}, 'firstName')).toEqual(['First Name is a required field']);
    expect(messagesOf(runtime, {}, 'lastName')).toEqual(['Last Name is a required field']);
    expect(messagesOf(runtime, {}, 'email')).toEqual(['Email is a required field']);
    expect(messagesOf(runtime, { email: 'someone@' }, 'email')).toEqual(['Please enter a valid email address']);
  });

  it('the phone follows the edition; the e-mail is fixed once the user exists', () => {
    expect(messagesOf(runtimeFor('user', 'us', { persona: 'agency' }), { phone: '12345' }, 'phone')).toEqual(['Phone number must be in the format (555) 555-5555']);
    expect(messagesOf(runtimeFor('user', 'uk', { persona: 'agency' }), { phone: '02075550123' }, 'phone')).toEqual([]);
    expect(messagesOf(runtimeFor('user', 'uk', { persona: 'agency' }), { phone: '12345' }, 'phone')).toEqual(['Phone number must be in the format 44 5555 555555']);
    const runtime = runtimeFor('user', 'us', { persona: 'agency' });
    expect(runtime.update({ id: 'u-1' }).fields.email!.enabled).toBe(false);
    expect(runtime.update({}).fields.email!.enabled).toBe(true);
  });
});

describe('add-accounts form', () => {
  const choice = { accountType: 'AGENCY', organization: 'a-1', role: 'agency-producer' };

  it("computes the spec's payload from the choice", () => {
    const state = runtimeFor('user-accounts', 'us', { persona: 'admin' }).update({ ...choice, role: 'agency-admin', teams: ['t-1', 't-2'] });
    expect(state.data).toMatchObject({ accountRoleMap: { 'a-1': 'agency-admin' }, accountTeamsMap: { 'a-1': ['t-1', 't-2'] } });
    expect(state.valid).toBe(true);
  });

  it("requires teams for a team-realm role of an agency only ('Teams is a required field'), and an account ('Account is required')", () => {
    const runtime = runtimeFor('user-accounts', 'us', { persona: 'admin' });
    expect(messagesOf(runtime, choice, 'teams')).toEqual(['Teams is a required field']);
    expect(messagesOf(runtime, { ...choice, role: 'agency-admin' }, 'teams')).toEqual([]);
    expect(messagesOf(runtime, { ...choice, accountType: 'CUSTOMER', role: 'customer-risk-manager' }, 'teams')).toEqual([]);
    expect(messagesOf(runtime, { accountType: 'AGENCY' }, 'organization')).toEqual(['Account is required']);
  });
});
