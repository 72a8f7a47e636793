import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const ID = 'new-account-search';
const TEAM = 'b7c1e0d2-5f3a-4c8e-9d21-7a6b4e3f2c10';
const PICKED = {
  stage: 'adding',
  accountName: 'Harborview Dental Group LLC',
  state: 'CA',
  team: TEAM,
  street: '1200 Harbor Blvd',
  city: 'San Diego',
  zipCode: '92101',
  phone: '6195550142',
  cbid: 'CB-4F7A21',
};

describe('new-account-search: searching', () => {
  it('enables Search only with an account name and a team', () => {
    const definition = registry.resolve<FormDefinition>(ID, 'us');
    expect(definition.actions).toMatchObject({ submitLabel: 'Search', disableUntilValid: true });
    const runtime = runtimeFor(ID);
    expect(runtime.update({ stage: 'searching' }).valid).toBe(false);
    expect(runtime.update({ stage: 'searching', accountName: 'Harborview' }).valid).toBe(false);
    expect(runtime.update({ stage: 'searching', team: TEAM }).valid).toBe(false);
    expect(runtime.update({ stage: 'searching', accountName: 'Harborview', team: TEAM }).valid).toBe(true);
    expect(runtime.update({ accountName: 'Harborview', team: TEAM }).valid).toBe(true);
  });

  it("says 'Please select a Team' without a team, and drops it once chosen", () => {
    const runtime = runtimeFor(ID);
    expect(messagesOf(runtime, { accountName: 'Harborview' }, 'team')).toEqual(['Please select a Team']);
    expect(messagesOf(runtime, { accountName: 'Harborview', team: TEAM }, 'team')).toEqual([]);
  });

  it('refuses an account name over 100 characters with the spec message', () => {
    const runtime = runtimeFor(ID);
    expect(messagesOf(runtime, { accountName: 'x'.repeat(101), team: TEAM }, 'accountName')).toEqual([
      'Account Name is exceeding 100 Characters. Please reset Handler.',
    ]);
    expect(messagesOf(runtime, { accountName: 'x'.repeat(100), team: TEAM }, 'accountName')).toEqual([]);
    expect(messagesOf(runtime, {}, 'accountName')).toEqual(['Account Name is a required field']);
  });

  it('locks every field but name and state (and the team) while searching', () => {
    const fields = runtimeFor(ID).update({ stage: 'searching' }).fields;
    for (const field of ['street', 'city', 'zipCode', 'phone']) expect(fields[field]!.enabled, field).toBe(false);
    for (const field of ['accountName', 'state', 'team']) expect(fields[field]!.enabled, field).toBe(true);
    expect(fields.cbid!.visible).toBe(false);
  });

  it('keeps the stage out of sight (a hidden widget) but sends it, so the server runs the same rules', () => {
    const definition = registry.resolve<FormDefinition>(ID, 'us');
    expect(definition.uiSchema!.stage).toEqual({ 'ui:widget': 'hidden' });
    const runtime = runtimeFor(ID);
    const state = runtime.update({ stage: 'searching', accountName: 'Harborview', team: TEAM });
    expect(runtime.payload(state)).toEqual({ stage: 'searching', accountName: 'Harborview', team: TEAM });
  });

  it('keeps the extra fields of the lookup page out of the search', () => {
    const fields = runtimeFor(ID).update({ stage: 'searching', accountName: 'Harborview', team: TEAM }).fields;
    for (const field of ['address2', 'domainName', 'naicsCode']) expect(fields[field]!.visible, field).toBe(false);
  });
});

describe('new-account-search: lookup (entered by hand)', () => {
  const TYPED = { stage: 'lookup', accountName: 'Pine Street Bakery', state: 'WA', team: TEAM, street: '1420 Pine St', city: 'Seattle', zipCode: '98101' };

  it('opens every field and asks for the whole address', () => {
    const runtime = runtimeFor(ID);
    const state = runtime.update(TYPED);
    for (const field of ['accountName', 'state', 'street', 'city', 'zipCode', 'phone', 'domainName', 'naicsCode', 'address2']) {
      expect(state.fields[field]!.enabled && state.fields[field]!.visible, field).toBe(true);
    }
    expect(state.errors).toEqual({});
    const { zipCode: _zip, ...noZip } = TYPED;
    expect(Object.keys(runtime.update(noZip).errors)).toEqual(['zipCode']);
  });

  it("says 'Not a valid domain name' and checks the industry code", () => {
    const runtime = runtimeFor(ID);
    expect(messagesOf(runtime, { ...TYPED, domainName: 'not a domain' }, 'domainName')).toEqual(['Not a valid domain name']);
    expect(messagesOf(runtime, { ...TYPED, domainName: 'https://www.pinestreetbakery.com' }, 'domainName')).toEqual([]);
    expect(messagesOf(runtime, { ...TYPED, naicsCode: '3118111' }, 'naicsCode')).toEqual(['Industry code must be 2 to 6 digits']);
  });
});

describe('new-account-search: adding', () => {
  it('locks the picked account, shows its id and accepts it', () => {
    const runtime = runtimeFor(ID);
    const state = runtime.update(PICKED);
    for (const field of ['accountName', 'state', 'street', 'city', 'zipCode', 'phone']) expect(state.fields[field]!.enabled, field).toBe(false);
    expect(state.fields.team!.enabled).toBe(true);
    expect(state.fields.cbid!.visible).toBe(true);
    expect(state.errors).toEqual({});
    expect(runtime.payload(state)).toMatchObject({ cbid: 'CB-4F7A21', street: '1200 Harbor Blvd' });
  });

  it('requires address, city and state of the picked account', () => {
    const { street: _s, city: _c, state: _st, ...rest } = PICKED;
    const errors = runtimeFor(ID).update(rest).errors;
    expect(Object.keys(errors).sort()).toEqual(['city', 'state', 'street']);
    expect(messagesOf(runtimeFor(ID), { ...PICKED, street: '  ' }, 'street')).toEqual(['Address is a required field']);
  });

  it("says 'Invalid ZIP Code' for 00000 and 'Invalid City' for Paris1, and clears them when fixed", () => {
    const runtime = runtimeFor(ID);
    expect(messagesOf(runtime, { ...PICKED, zipCode: '00000' }, 'zipCode')).toEqual(['Invalid ZIP Code']);
    expect(messagesOf(runtime, { ...PICKED, zipCode: '92101-1234' }, 'zipCode')).toEqual([]);
    expect(messagesOf(runtime, { ...PICKED, city: 'Paris1' }, 'city')).toEqual(['Invalid City']);
    expect(messagesOf(runtime, { ...PICKED, city: 'San Diego' }, 'city')).toEqual([]);
    expect(messagesOf(runtime, { ...PICKED, phone: '12345' }, 'phone')).toEqual(['Phone number must be in the format (555) 555-5555']);
  });

  it('accepts its own sample', () => {
    expect(runtimeFor(ID).update(registry.resolve<FormDefinition>(ID, 'us').sample!).errors).toEqual({});
  });
});

describe('new-account-search: personas', () => {
  it("asks an admin for the agency ('Please select a Agency')", () => {
    const admin = runtimeFor(ID, 'us', { persona: 'admin' });
    const state = admin.update({ accountName: 'Harborview', team: TEAM });
    expect(state.fields.agency!.visible).toBe(true);
    expect(state.errors.agency?.[0]?.message).toBe('Please select a Agency');
    expect(state.fields.agent!.visible).toBe(true);
    expect(admin.update({ accountName: 'Harborview', team: TEAM, agency: 'agency-1' }).valid).toBe(true);
    // The agent is chosen once the account is picked (spec 001 section 6: 'choosing an agency and an agent from the search').
    expect(admin.update({ ...PICKED, agency: 'agency-1' }).errors.agent?.[0]?.message).toBe('Please select a Agent');
    expect(admin.update({ ...PICKED, agency: 'agency-1', agent: 'agent-1' }).valid).toBe(true);
    expect(runtimeFor(ID, 'us', { persona: 'agency' }).update({ accountName: 'Harborview', team: TEAM }).fields.agency!.visible).toBe(false);
  });

  it('attaches no team for mssp', () => {
    const state = runtimeFor(ID, 'us', { persona: 'mssp' }).update({ accountName: 'Harborview' });
    expect(state.fields.team!.visible).toBe(false);
    expect(state.valid).toBe(true);
  });
});

describe('new-account-search: UK', () => {
  it('has no state and says Postcode and Town/City', () => {
    const definition = registry.resolve<FormDefinition>(ID, 'uk');
    const properties = definition.schema.properties as Record<string, { title?: string }>;
    expect(properties).not.toHaveProperty('state');
    expect(definition.layout!.sections.flatMap((section) => section.fields)).not.toContain('state');
    expect(JSON.stringify(definition.rules!.map(({ effects }) => effects))).not.toContain('"state"');
    expect(properties.zipCode!.title).toBe('Postcode');
    expect(properties.city!.title).toBe('Town/City');
    const us = registry.resolve<FormDefinition>(ID, 'us').schema.properties as Record<string, { title?: string }>;
    expect(us.zipCode!.title).toBe('Zip Code');
  });

  it('has address3 and the sicCode on the lookup page, and no naicsCode', () => {
    const runtime = runtimeFor(ID, 'uk');
    const state = runtime.update({ stage: 'lookup', accountName: 'Severn Valley Joinery Ltd', team: TEAM, street: '4 Mill Lane', city: 'Telford', zipCode: 'TF8 7DQ' });
    expect(state.errors).toEqual({});
    expect(state.fields.address3!.visible).toBe(true);
    expect(state.fields.sicCode!.visible).toBe(true);
    expect(state.fields).not.toHaveProperty('naicsCode');
    expect(messagesOf(runtime, { stage: 'lookup', accountName: 'x', team: TEAM, street: '1', city: 'Telford', zipCode: 'TF8 7DQ', sicCode: '12' }, 'sicCode')).toEqual(['SIC code must be 4 or 5 digits']);
  });

  it('checks the postcode and town, and needs no state when adding', () => {
    const runtime = runtimeFor(ID, 'uk');
    const { state: _state, ...picked } = PICKED;
    const uk = { ...picked, city: 'Bristol', zipCode: 'BS1 4DJ', phone: '01175550142' };
    expect(runtime.update(uk).errors).toEqual({});
    expect(messagesOf(runtime, { ...uk, zipCode: '00000' }, 'zipCode')).toEqual(['Invalid Postcode']);
    expect(messagesOf(runtime, { ...uk, city: 'Paris1' }, 'city')).toEqual(['Invalid City/Town']);
    expect(runtime.update(registry.resolve<FormDefinition>(ID, 'uk').sample!).errors).toEqual({});
  });
});
