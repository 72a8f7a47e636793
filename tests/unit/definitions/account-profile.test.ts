import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const ID = 'account-profile';
const PRO = { flags: { proProduct: true } };

/** A valid US profile with a single industry (primary 100%). */
const BASE = {
  name: 'Harborview Dental Group LLC',
  naicsCode: 621210,
  primaryNaicsPercentage: 100,
  revenue: 12_500_000,
  noOfEmployeesAll: 85,
  yearEstablished: 2004,
  ownershipType: 'Private',
  entityType: 'Independent',
  address1: '1200 Harbor Blvd',
  city: 'San Diego',
  state: 'CA',
  zipCode: '92101',
  phoneNumber: '6195550142',
};
const UK_BASE = (() => {
  const { naicsCode: _naicsCode, state: _state, ...rest } = BASE;
  return { ...rest, sicCode: 86230, city: 'Bristol', zipCode: 'BS1 4DJ', phoneNumber: '01175550142' };
})();

type Property = { title?: string; oneOf?: { const: unknown }[] };
const propertiesIn = (edition: 'us' | 'uk') => registry.resolve<FormDefinition>(ID, edition).schema.properties as Record<string, Property>;
const us = (data: Record<string, unknown>, path: string, context = {}) => messagesOf(runtimeFor(ID, 'us', context), { ...BASE, ...data }, path);

describe('account-profile: US', () => {
  it('accepts a complete profile and its own sample', () => {
    expect(runtimeFor(ID).update(BASE).errors).toEqual({});
    expect(runtimeFor(ID).update(registry.resolve<FormDefinition>(ID, 'us').sample!).errors).toEqual({});
  });

  it('requires name, industry code and share, revenue, employees, year, ownership, entity type and the address', () => {
    const errors = runtimeFor(ID).update({}).errors;
    expect(Object.keys(errors).sort()).toEqual(Object.keys(BASE).sort());
    expect(errors.ownershipType?.[0]?.message).toBe('Ownership Type is a required field');
    expect(errors.entityType?.[0]?.message).toBe('Entity Type is a required field');
  });

  it('labels fields with the edition terms', () => {
    const properties = propertiesIn('us');
    expect(properties.naicsCode!.title).toBe('NAICS Code');
    expect(properties.revenue!.title).toBe('Revenue');
    expect(properties.zipCode!.title).toBe('Zip Code');
    expect(properties.city!.title).toBe('City');
    expect(properties.ownershipType!.oneOf!.map((option) => option.const)).toEqual(['Public', 'Private', 'Non-Profit', 'Public Sector', 'Partnership', 'Non-Corporates']);
    expect(properties.entityType!.oneOf!.map((option) => option.const)).toEqual(['Independent', 'Holding', 'Subsidiary', 'Branch', 'Parent']);
    expect(properties.state!.oneOf!.map((option) => option.const)).toContain('DC');
    expect(properties.ein!.title).toBe('EIN');
  });

  it('bounds the industry code to 10..999999 with the spec messages', () => {
    expect(us({ naicsCode: 5 }, 'naicsCode')).toEqual(['Industry Code must be atleast 2 digits']);
    expect(us({ naicsCode: 1_000_000 }, 'naicsCode')).toEqual(['Industry Code be less than 6 digits']);
    expect(us({ naicsCode: 10 }, 'naicsCode')).toEqual([]);
    expect(us({ naicsCode: 999_999 }, 'naicsCode')).toEqual([]);
  });

  it('bounds the primary industry percentage to 51..100', () => {
    expect(us({ primaryNaicsPercentage: 50 }, 'primaryNaicsPercentage')).toEqual(['Primary Naics Percentage must be 51% or higher']);
    expect(us({ primaryNaicsPercentage: 101 }, 'primaryNaicsPercentage')).toEqual(['Primary Naics Percentage must be 100% or lower']);
    expect(us({ primaryNaicsPercentage: 51, secondNaicsCode: 541511 }, 'primaryNaicsPercentage')).toEqual([]);
  });

  it('refuses a secondary industry code when the primary is 100%, and drops the refusal when removed', () => {
    expect(us({ secondNaicsCode: 541511 }, 'secondNaicsCode')).toEqual(['Secondary Industry Code is not allowed when NiacsCode is 100%']);
    expect(us({}, 'secondNaicsCode')).toEqual([]);
    expect(us({ primaryNaicsPercentage: 80, secondNaicsCode: 541511 }, 'secondNaicsCode')).toEqual([]);
  });

  it('requires a secondary industry code below 100%, with the same bounds', () => {
    expect(us({ primaryNaicsPercentage: 80 }, 'secondNaicsCode')).toEqual(['Secondary NAICS Code is a required field']);
    expect(us({ primaryNaicsPercentage: 80, secondNaicsCode: 7 }, 'secondNaicsCode')).toEqual(['Industry Code must be atleast 2 digits']);
    expect(us({ primaryNaicsPercentage: 80, secondNaicsCode: 1_234_567 }, 'secondNaicsCode')).toEqual(['Industry Code be less than 6 digits']);
  });

  it('computes the secondary percentage as 100 minus the primary, read-only', () => {
    const runtime = runtimeFor(ID);
    expect(runtime.update({ ...BASE, primaryNaicsPercentage: 70, secondNaicsCode: 541511 }).data.secondaryNaicsPercentage).toBe(30);
    expect(runtime.update({ ...BASE, primaryNaicsPercentage: 85, secondNaicsCode: 541511 }).data.secondaryNaicsPercentage).toBe(15);
    expect(registry.resolve<FormDefinition>(ID, 'us').uiSchema!.secondaryNaicsPercentage).toMatchObject({ 'ui:readonly': true });
  });

  it('leaves the second code and its percentage out once the secondary code is cleared', () => {
    const runtime = runtimeFor(ID);
    const withSecond = runtime.update({ ...BASE, primaryNaicsPercentage: 70, secondNaicsCode: 541511, secondPrimaryIndustry: 'Information' });
    expect(runtime.payload(withSecond)).toMatchObject({ secondNaicsCode: 541511, secondaryNaicsPercentage: 30, secondPrimaryIndustry: 'Information' });
    const cleared = runtime.update({ ...withSecond.data, secondNaicsCode: null });
    const payload = runtime.payload(cleared);
    expect(payload).not.toHaveProperty('secondNaicsCode');
    expect(payload).not.toHaveProperty('secondaryNaicsPercentage');
    expect(payload).not.toHaveProperty('secondPrimaryIndustry');
  });

  it('bounds the year established from 1500 to the current year', () => {
    expect(us({ yearEstablished: 2027 }, 'yearEstablished')).toEqual(['must be less than or equal to current year']);
    expect(us({ yearEstablished: 2026 }, 'yearEstablished')).toEqual([]);
    expect(us({ yearEstablished: 1499 }, 'yearEstablished')).toEqual(['Year Established must be greater than or equal to 1500']);
    expect(us({ yearEstablished: 2027 }, 'yearEstablished', { today: '2027-01-01' })).toEqual([]);
  });

  it('bounds revenue to 1..1e12 and employees to whole numbers from 1', () => {
    expect(us({ revenue: 2e12 }, 'revenue')).toEqual(['must be less than or equal to 1 Trillion Dollars.']);
    expect(us({ revenue: 1e12 }, 'revenue')).toEqual([]);
    expect(us({ revenue: 0 }, 'revenue')).toEqual(['Revenue must be greater than or equal to 1']);
    expect(us({ noOfEmployeesAll: 0 }, 'noOfEmployeesAll')).toEqual(['Number of Employees must be greater than or equal to 1']);
    expect(us({ noOfEmployeesAll: 2.5 }, 'noOfEmployeesAll')).toEqual(['Number of Employees must be a whole number']);
    expect(registry.resolve<FormDefinition>(ID, 'us').uiSchema!.revenue).toMatchObject({ 'ui:widget': 'money' });
  });

  it('needs a letter in the name and a letter or number in a DBA', () => {
    expect(us({ name: '12345' }, 'name')).toEqual(['Organization Name must contain at least one letter']);
    expect(us({ name: '3M Company' }, 'name')).toEqual([]);
    expect(us({ dbaOrTradestyle: '---' }, 'dbaOrTradestyle')).toEqual(['DBA or Trade Name must contain a letter or number']);
    expect(us({ dbaOrTradestyle: '' }, 'dbaOrTradestyle')).toEqual([]);
  });

  it('checks percentInternationalSales 0..100, empty allowed', () => {
    expect(us({ percentInternationalSales: 101 }, 'percentInternationalSales')).toHaveLength(1);
    expect(us({ percentInternationalSales: 0 }, 'percentInternationalSales')).toEqual([]);
    expect(us({}, 'percentInternationalSales')).toEqual([]);
  });

  it('checks the address: ZIP Code, City, phone', () => {
    expect(us({ zipCode: '00000' }, 'zipCode')).toEqual(['Invalid ZIP Code']);
    expect(us({ zipCode: '9210' }, 'zipCode')).toEqual(['Invalid ZIP Code']);
    expect(us({ zipCode: '92101-1234' }, 'zipCode')).toEqual([]);
    expect(us({ city: 'Paris1' }, 'city')).toEqual(['Invalid City']);
    expect(us({ city: 'Winston-Salem' }, 'city')).toEqual([]);
    expect(us({ phoneNumber: '555' }, 'phoneNumber')).toEqual(['Phone number must be in the format (555) 555-5555']);
    expect(us({ address1: '   ' }, 'address1')).toEqual(['Address Line 1 is a required field']);
  });

  it('checks the domains', () => {
    expect(us({ domainName: 'example.com, example.net' }, 'domainName')).toContain('Only enter one domain');
    expect(us({ domainName: 'not a domain' }, 'domainName')).toEqual(['Not a valid domain name']);
    expect(us({ domainName: 'https://example.com' }, 'domainName')).toEqual([]);
    expect(us({ domains: 'example.net, example.org' }, 'domains')).toEqual([]);
    expect(us({ domains: 'example.net, nope' }, 'domains')).toEqual(['Not a valid domain name']);
  });

  it('checks the policy contact formats', () => {
    expect(us({ policyContactEmail: 'maria@' }, 'policyContactEmail')).toEqual(['Please enter a valid Email Address']);
    expect(us({ policyContactPhone: '12' }, 'policyContactPhone')).toEqual(['Please enter a valid Policy Holder Phone Number.']);
  });
});

describe('account-profile: pro product extras', () => {
  const PRO_FIELDS = ['nonUsRevenue', 'totalRevenue', 'changeInScope', 'collectingPersonalInformation'];

  it('hides the extras without the pro product and shows and requires them with it', () => {
    const plain = runtimeFor(ID).update(BASE);
    for (const field of PRO_FIELDS) expect(plain.fields[field]!.visible, field).toBe(false);
    expect(plain.errors).toEqual({});
    const pro = runtimeFor(ID, 'us', PRO).update(BASE);
    for (const field of PRO_FIELDS) expect(pro.fields[field]!.visible, field).toBe(true);
    expect(Object.keys(pro.errors).sort()).toEqual(['changeInScope', 'collectingPersonalInformation', 'nonUsRevenue']);
  });

  it('sums revenue and non-US revenue into totalRevenue', () => {
    const state = runtimeFor(ID, 'us', PRO).update({ ...BASE, revenue: 1_000_000, nonUsRevenue: 250_000 });
    expect(state.data.totalRevenue).toBe(1_250_000);
    expect(runtimeFor(ID).update({ ...BASE, nonUsRevenue: 250_000 }).data.totalRevenue).toBeUndefined();
  });

  it('requires the change in scope detail on yes and clears it on no', () => {
    const runtime = runtimeFor(ID, 'us', PRO);
    const data = { ...BASE, nonUsRevenue: 0, collectingPersonalInformation: false };
    const yes = runtime.update({ ...data, changeInScope: true });
    expect(yes.fields.changeInScopeDetail!.visible).toBe(true);
    expect(yes.errors.changeInScopeDetail?.[0]?.message).toBe('Change in Scope Detail is a required field');
    const no = runtime.update({ ...data, changeInScope: false, changeInScopeDetail: 'Acquired a clinic' });
    expect(no.fields.changeInScopeDetail!.visible).toBe(false);
    expect(no.data).not.toHaveProperty('changeInScopeDetail');
    expect(no.errors).toEqual({});
  });

  it('requires franchise connectivity for a franchise and clears it otherwise', () => {
    const runtime = runtimeFor(ID, 'us', PRO);
    const data = { ...BASE, nonUsRevenue: 0, changeInScope: false, collectingPersonalInformation: false };
    const franchise = runtime.update({ ...data, isFranchise: true });
    expect(franchise.errors.franchiseSystemConnectivity?.[0]?.keyword).toBe('required');
    expect(runtime.update({ ...data, isFranchise: true, franchiseSystemConnectivity: false }).errors).toEqual({});
    const notFranchise = runtime.update({ ...data, isFranchise: false, franchiseSystemConnectivity: true });
    expect(notFranchise.data).not.toHaveProperty('franchiseSystemConnectivity');
    expect(notFranchise.fields.franchiseSystemConnectivity!.visible).toBe(false);
  });

  it('requires at least 250,000 personal records when collecting, and clears the count otherwise', () => {
    const runtime = runtimeFor(ID, 'us', PRO);
    const data = { ...BASE, nonUsRevenue: 0, changeInScope: false, collectingPersonalInformation: true };
    expect(runtime.update(data).errors.numberOfPersonalRecords?.[0]?.keyword).toBe('required');
    expect(runtime.update({ ...data, numberOfPersonalRecords: 1000 }).errors.numberOfPersonalRecords?.[0]?.message).toBe(
      'Number of Personal Records must be 250,000 or more',
    );
    expect(runtime.update({ ...data, numberOfPersonalRecords: 250_000 }).errors).toEqual({});
    const notCollecting = runtime.update({ ...data, collectingPersonalInformation: false, numberOfPersonalRecords: 300_000 });
    expect(notCollecting.data).not.toHaveProperty('numberOfPersonalRecords');
  });
});

describe('account-profile: UK', () => {
  it('uses sicCode, not naicsCode, everywhere', () => {
    const definition = registry.resolve<FormDefinition>(ID, 'uk');
    const properties = definition.schema.properties as Record<string, Property>;
    expect(properties).toHaveProperty('sicCode');
    expect(properties).not.toHaveProperty('naicsCode');
    expect(properties.sicCode!.title).toBe('SIC Code');
    expect(definition.schema.required).toContain('sicCode');
    expect(definition.layout!.sections.flatMap((section) => section.fields)).toContain('sicCode');
    const logic = definition.rules!.map(({ when, effects }) => ({ when, effects }));
    expect(JSON.stringify(logic)).toContain('"var":"sicCode"');
    expect(JSON.stringify(logic)).not.toContain('naicsCode');
    expect(Object.keys(definition.messages!).filter((key) => key.startsWith('naicsCode'))).toEqual([]);
    expect(definition.sample).toHaveProperty('sicCode');
  });

  it("asks a UK company for its Companies House number where the US asks for the EIN", () => {
    expect(propertiesIn('uk').ein!.title).toBe('Company Registration Number');
  });

  it('checks the SIC code with the industry code messages', () => {
    const runtime = runtimeFor(ID, 'uk');
    expect(messagesOf(runtime, { ...UK_BASE, sicCode: 5 }, 'sicCode')).toEqual(['Industry Code must be atleast 2 digits']);
    expect(messagesOf(runtime, { ...UK_BASE, sicCode: 1_000_000 }, 'sicCode')).toEqual(['Industry Code be less than 6 digits']);
    expect(runtime.update({ ...UK_BASE, sicCode: undefined }).errors.sicCode?.[0]?.message).toBe('SIC Code is a required field');
    expect(runtime.update({ ...UK_BASE, sicCode: undefined, primaryIndustry: 'Human health' }).data).not.toHaveProperty('primaryIndustry');
  });

  it('has no state, adds address3, and says Postcode, Town/City and Turnover', () => {
    const definition = registry.resolve<FormDefinition>(ID, 'uk');
    const properties = definition.schema.properties as Record<string, Property>;
    expect(properties).not.toHaveProperty('state');
    expect(definition.schema.required).not.toContain('state');
    const address = definition.layout!.sections.find((section) => section.id === 'address')!.fields;
    expect(address).toEqual(['address1', 'address2', 'address3', 'city', 'zipCode', 'phoneNumber']);
    expect(properties.zipCode!.title).toBe('Postcode');
    expect(properties.city!.title).toBe('Town/City');
    expect(properties.revenue!.title).toBe('Turnover');
  });

  it('accepts a UK profile and its sample, and checks postcode and town', () => {
    const runtime = runtimeFor(ID, 'uk');
    expect(runtime.update(UK_BASE).errors).toEqual({});
    expect(runtime.update(registry.resolve<FormDefinition>(ID, 'uk').sample!).errors).toEqual({});
    expect(messagesOf(runtime, { ...UK_BASE, zipCode: '92101' }, 'zipCode')).toEqual(['Invalid Postcode']);
    expect(messagesOf(runtime, { ...UK_BASE, city: 'Paris1' }, 'city')).toEqual(['Invalid City/Town']);
  });
});
