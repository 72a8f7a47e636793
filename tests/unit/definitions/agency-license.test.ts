import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor, TODAY } from '../../support/registry.ts';

const valid = { number: 'AGY 0932178', state: 'CA', expirationDate: '2027-06-30', npn: '18452297' };

describe('agency-license form', () => {
  it("has the entity fields (and the admin's agency picker), a save/cancel dialog and its bindings", () => {
    const form = registry.resolve<FormDefinition>('agency-license', 'us');
    expect(Object.keys(form.schema.properties as object).sort()).toEqual(
      ['activeResidentState', 'agencyId', 'agencyName', 'expirationDate', 'id', 'npn', 'number', 'state'],
    );
    expect(form.binding).toEqual({
      load: 'getAgencyLicense', submit: 'createAgencyLicense', update: 'updateAgencyLicense',
      failureText: 'Not able to add license at this time.Please try again later.',
    });
    expect(form.actions).toMatchObject({ submitLabel: 'Save', cancelLabel: 'Cancel' });
    expect((form.uiSchema?.expirationDate as Record<string, unknown>)['ui:options']).toEqual({ minDate: 'today' });
  });

  it('accepts its sample', () => {
    const form = registry.resolve<FormDefinition>('agency-license', 'us');
    expect(runtimeFor('agency-license').update(form.sample!).valid).toBe(true);
  });

  it("limits the NPN to 10 digits with the spec's message", () => {
    const runtime = runtimeFor('agency-license');
    expect(messagesOf(runtime, { ...valid, npn: '12345678901' }, 'npn')).toEqual(['NPN must be less than or equal to 10 digits']);
    expect(messagesOf(runtime, { ...valid, npn: '1234567890' }, 'npn')).toEqual([]);
    expect(messagesOf(runtime, { ...valid, npn: '12ab' }, 'npn')).toEqual(['NPN must contain digits only']);
  });

  it("requires the licence number ('License # is required') and allows letters, digits and spaces only", () => {
    const runtime = runtimeFor('agency-license');
    expect(messagesOf(runtime, { ...valid, number: '' }, 'number')).toEqual(['License # is required']);
    expect(messagesOf(runtime, { ...valid, number: 'AB-12' }, 'number')).toEqual(['Only alphabets and numbers are allowed for this field ']);
    expect(messagesOf(runtime, { ...valid, number: 'AB 12' }, 'number')).toEqual([]);
  });

  it("requires the state ('State field is required') from the US states list without DC", () => {
    const runtime = runtimeFor('agency-license');
    expect(messagesOf(runtime, { ...valid, state: undefined }, 'state')).toEqual(['State field is required']);
    expect(messagesOf(runtime, { ...valid, state: 'TX' }, 'state')).toEqual([]);
    expect(messagesOf(runtime, { ...valid, state: 'DC' }, 'state')).toEqual(['Please select a valid State']);
  });

  it("requires the expiration date ('Date is required') and refuses one before today", () => {
    const runtime = runtimeFor('agency-license');
    expect(messagesOf(runtime, { ...valid, expirationDate: '' }, 'expirationDate')).toEqual(['Date is required']);
    expect(messagesOf(runtime, { ...valid, expirationDate: '2026-11-21' }, 'expirationDate')).toEqual([
      'Expiration date cannot be before today',
    ]);
    expect(messagesOf(runtime, { ...valid, expirationDate: TODAY }, 'expirationDate')).toEqual([]);
  });

  it("shows the agency picker only in the admin area, where an agency must be chosen; the agency's name only on an agency's edit", () => {
    const admin = runtimeFor('agency-license', 'us', { persona: 'admin' });
    const adminState = admin.update(valid);
    expect(adminState.fields.agencyId?.visible).toBe(true);
    expect(messagesOf(admin, valid, 'agencyId')).toEqual(['The selected agency is invalid.']);
    expect(adminState.fields.agencyName?.visible).toBe(false);
    const agency = runtimeFor('agency-license', 'us', { persona: 'agency' });
    const created = agency.update({ ...valid, agencyId: 'somebody-else' });
    expect(created.fields.agencyId?.visible).toBe(false);
    expect(created.valid).toBe(true);
    expect(agency.payload(created)).not.toHaveProperty('agencyId');
    expect(created.fields.agencyName?.visible).toBe(false);
    expect(agency.update({ ...valid, id: 'l-1', agencyName: 'Summit Risk Partners' }).fields.agencyName?.visible).toBe(true);
  });

  it('says Brokerage in the UK', () => {
    const form = registry.resolve<FormDefinition>('agency-license', 'uk');
    expect(form.title).toBe('Brokerage License');
    expect(runtimeFor('agency-license', 'uk').update({ id: 'l-1' }).fields.agencyName?.label).toBe('Brokerage Name');
  });
});
