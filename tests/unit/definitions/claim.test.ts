import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const usForm = () => registry.resolve<FormDefinition>('claim', 'us');
const ukForm = () => registry.resolve<FormDefinition>('claim', 'uk');
const valid = {
  name: 'Priya Raman',
  isRightContact: 'yes',
  address: '1450 West Fulton Street',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60607',
  lossDescription: 'Ransomware on the billing server',
};

describe('claim form (US)', () => {
  it('has the three cards of the spec and the claim calls', () => {
    const form = usForm();
    expect(form.layout?.sections.map((section) => section.title)).toEqual([
      'Claim Reported By',
      'Location And Loss Information',
      'Other Information',
    ]);
    expect(form.binding).toEqual({ load: 'getClaim', submit: 'createClaim', update: 'updateClaim', failureText: 'Error saving claim' });
    const properties = Object.keys(form.schema.properties as object);
    for (const field of ['name', 'role', 'email', 'companyName', 'workPhone', 'cellPhone', 'isRightContact', 'contactName', 'contactEmail',
      'contactPhone', 'address', 'city', 'state', 'zipCode', 'lossDate', 'lossDescription', 'impactedDevicesOs', 'impactedDevicesType',
      'incidentNoticed', 'lossInformationExplanation', 'isAuthoritiesInvolved', 'authorityName', 'authorityPhoneNumber', 'isReportFiled',
      'reportNumber', 'isBusinessImpacted', 'isCyberIncident', 'isRemediationServiceBegun', 'otherInformationExplanation']) {
      expect(properties).toContain(field);
    }
    expect(properties).not.toContain('address3');
  });

  it('holds yes/no answers as yes/no text', () => {
    const schema = usForm().schema.properties as Record<string, { oneOf?: { const: unknown }[] }>;
    expect(schema.isRightContact?.oneOf?.map((option) => option.const)).toEqual(['yes', 'no']);
    expect(schema.isCyberIncident?.oneOf?.map((option) => option.const)).toEqual(['yes', 'no']);
  });

  it('offers DC in the claim state list (an address can be in DC)', () => {
    const schema = usForm().schema.properties as Record<string, { oneOf?: { const: unknown }[] }>;
    expect(schema.state?.oneOf?.map((option) => option.const)).toContain('DC');
    expect(schema.state?.oneOf).toHaveLength(51);
  });

  it('accepts its complete sample, which shows every conditional field', () => {
    const state = runtimeFor('claim').update(usForm().sample!);
    expect(state.errors).toEqual({});
    expect(state.fields.contactName?.visible).toBe(true);
    expect(state.fields.authorityName?.visible).toBe(true);
    expect(state.fields.reportNumber?.visible).toBe(true);
  });

  it("requires the name selection ('Please select a option ') and the other required fields", () => {
    const state = runtimeFor('claim').update({});
    expect(state.errors.name?.[0]?.message).toBe('Please select a option ');
    for (const field of ['isRightContact', 'address', 'city', 'state', 'zipCode', 'lossDescription']) {
      expect(state.errors[field]?.[0]?.keyword).toBe('required');
    }
    expect(state.errors.address?.[0]?.message).toBe('Address is a required field');
    expect(runtimeFor('claim').update(valid).valid).toBe(true);
  });

  it('shows and requires the contact when the reporter is not the right contact, then clears', () => {
    const runtime = runtimeFor('claim');
    const no = runtime.update({ ...valid, isRightContact: 'no' });
    for (const field of ['contactName', 'contactEmail', 'contactPhone']) {
      expect(no.fields[field]?.visible).toBe(true);
      expect(no.errors[field]?.[0]?.keyword).toBe('required');
    }
    expect(no.errors.contactName?.[0]?.message).toBe('Contact Name is a required field');
    expect(messagesOf(runtime, { ...valid, isRightContact: 'no', contactName: 'M', contactEmail: 'x@', contactPhone: '31255' }, 'contactEmail')).toEqual([
      'Contact Email is invalid',
    ]);
    const yes = runtime.update({ ...valid, isRightContact: 'yes', contactName: 'Marcus Bell' });
    expect(yes.fields.contactName?.visible).toBe(false);
    expect(yes.errors.contactEmail).toBeUndefined();
    expect(runtime.payload(yes)).not.toHaveProperty('contactName');
  });

  it('requires the authority name and phone only while authorities are involved', () => {
    const runtime = runtimeFor('claim');
    const yes = runtime.update({ ...valid, isAuthoritiesInvolved: 'yes' });
    expect(yes.fields.authorityName?.visible).toBe(true);
    expect(yes.errors.authorityName?.[0]?.message).toBe('Authority Name is a required field');
    expect(yes.errors.authorityPhoneNumber?.[0]?.message).toBe('Authority Phone Number is a required field');
    const no = runtime.update({ ...valid, isAuthoritiesInvolved: 'no' });
    expect(no.fields.authorityName?.visible).toBe(false);
    expect(no.fields.authorityPhoneNumber?.visible).toBe(false);
    expect(no.valid).toBe(true);
  });

  it('requires the report number only while a report was filed', () => {
    const runtime = runtimeFor('claim');
    expect(messagesOf(runtime, { ...valid, isReportFiled: 'yes' }, 'reportNumber')).toEqual(['Report Number is a required field']);
    expect(messagesOf(runtime, { ...valid, isReportFiled: 'yes', reportNumber: 'IC3-1' }, 'reportNumber')).toEqual([]);
    const no = runtime.update({ ...valid, isReportFiled: 'no' });
    expect(no.fields.reportNumber?.visible).toBe(false);
    expect(no.valid).toBe(true);
  });

  it("checks the ZIP Code ('Invalid ZIP Code' for 00000), the city ('Invalid City') and phones", () => {
    const runtime = runtimeFor('claim');
    expect(messagesOf(runtime, { ...valid, zipCode: '00000' }, 'zipCode')).toEqual(['Invalid ZIP Code']);
    expect(messagesOf(runtime, { ...valid, zipCode: '6060' }, 'zipCode')).toEqual(['Invalid ZIP Code']);
    expect(messagesOf(runtime, { ...valid, zipCode: '60607-1234' }, 'zipCode')).toEqual([]);
    expect(messagesOf(runtime, { ...valid, city: 'Chicago 9' }, 'city')).toEqual(['Invalid City']);
    expect(messagesOf(runtime, { ...valid, city: 'Winston-Salem' }, 'city')).toEqual([]);
    expect(messagesOf(runtime, { ...valid, workPhone: '31255501' }, 'workPhone')).toEqual(['Phone number must be in the format (555) 555-5555']);
    expect(messagesOf(runtime, { ...valid, workPhone: '3125550164' }, 'workPhone')).toEqual([]);
    expect(runtimeFor('claim').update({}).fields.zipCode?.label).toBe('Zip Code');
  });
});

describe('claim form (UK)', () => {
  const ukValid = { ...valid, state: undefined, city: 'London', zipCode: 'IG11 0DS' };

  it('has no state, adds address line 3 and says Postcode and Town/City', () => {
    const form = ukForm();
    const properties = form.schema.properties as Record<string, { title?: string }>;
    expect(properties).not.toHaveProperty('state');
    expect(properties.address3?.title).toBe('Address Line 3');
    expect(form.schema.required).not.toContain('state');
    expect(form.layout?.sections[1]?.fields.slice(0, 3)).toEqual(['address', 'address3', 'city']);
    expect(form.layout?.sections.flatMap((section) => section.fields)).not.toContain('state');
    const state = runtimeFor('claim', 'uk').update({});
    expect(state.fields.zipCode?.label).toBe('Postcode');
    expect(state.fields.city?.label).toBe('Town/City');
    expect(state.errors.zipCode?.[0]?.message).toBe('Postcode is a required field');
    expect(state.errors).not.toHaveProperty('state');
  });

  it('checks postcodes, towns and UK phones', () => {
    const runtime = runtimeFor('claim', 'uk');
    expect(runtime.update(ukValid).valid).toBe(true);
    expect(messagesOf(runtime, { ...ukValid, zipCode: '60607' }, 'zipCode')).toEqual(['Invalid Postcode']);
    expect(messagesOf(runtime, { ...ukValid, city: 'London 2' }, 'city')).toEqual(['Invalid City/Town']);
    expect(messagesOf(runtime, { ...ukValid, cellPhone: '07700900461' }, 'cellPhone')).toEqual([]);
    expect(messagesOf(runtime, { ...ukValid, cellPhone: '0770' }, 'cellPhone')).toEqual(['Phone number must be in the format 44 5555 555555']);
  });

  it('accepts its UK sample', () => {
    const state = runtimeFor('claim', 'uk').update(ukForm().sample!);
    expect(state.errors).toEqual({});
    expect(ukForm().sample).not.toHaveProperty('state');
  });
});
