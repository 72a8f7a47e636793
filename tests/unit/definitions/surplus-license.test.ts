import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const valid = {
  brokerFirstName: 'Thomas',
  brokerLastName: 'Boudreaux',
  brokerEmail: 'tboudreaux@bayouexcess.com',
  surplusLicenseNumber: 'SL 774120',
  surplusLinesState: 'NY',
};
const admin = () => runtimeFor('surplus-license', 'us', { persona: 'admin' });
const agency = () => runtimeFor('surplus-license', 'us', { persona: 'agency' });

describe('surplus-license form', () => {
  it('has the entity fields and the create binding', () => {
    const form = registry.resolve<FormDefinition>('surplus-license', 'us');
    expect(Object.keys(form.schema.properties as object).sort()).toEqual(
      ['agencyId', 'brokerEmail', 'brokerFirstName', 'brokerLastName', 'id', 'signatureOnFile', 'surplusLicenseNumber', 'surplusLinesState'],
    );
    expect(form.binding).toEqual({
      load: 'getSurplusLicense', submit: 'createSurplusLicense', update: 'updateSurplusLicense', failureText: 'Failed to add license. Please try again!',
    });
    expect(admin().update(form.sample!).valid).toBe(true);
  });

  it("allows letters and spaces only in names ('Only alphabets are allowed for this field ')", () => {
    const runtime = agency();
    expect(messagesOf(runtime, { ...valid, brokerFirstName: 'Tom3' }, 'brokerFirstName')).toEqual(['Only alphabets are allowed for this field ']);
    expect(messagesOf(runtime, { ...valid, brokerLastName: "O'Neil" }, 'brokerLastName')).toEqual(['Only alphabets are allowed for this field ']);
    expect(messagesOf(runtime, { ...valid, brokerLastName: 'De La Cruz' }, 'brokerLastName')).toEqual([]);
    expect(messagesOf(runtime, { ...valid, brokerFirstName: '' }, 'brokerFirstName')).toEqual(['Broker First Name is a required field']);
  });

  it('asks for an email address, then a valid one', () => {
    const runtime = agency();
    expect(messagesOf(runtime, { ...valid, brokerEmail: '' }, 'brokerEmail')).toEqual(['Please enter Email Address']);
    expect(messagesOf(runtime, { ...valid, brokerEmail: 'tboudreaux@' }, 'brokerEmail')).toEqual(['Please enter a valid Email Address']);
    expect(messagesOf(runtime, { ...valid, brokerEmail: 'tb@bayou.com' }, 'brokerEmail')).toEqual([]);
  });

  it('requires an alphanumeric licence number and the state', () => {
    const runtime = agency();
    expect(messagesOf(runtime, { ...valid, surplusLicenseNumber: 'SL-1' }, 'surplusLicenseNumber')).toEqual([
      'Only alphabets and numbers are allowed for this field ',
    ]);
    expect(messagesOf(runtime, { ...valid, surplusLicenseNumber: '' }, 'surplusLicenseNumber')).toEqual(['Surplus License Number is a required field']);
    expect(messagesOf(runtime, { ...valid, surplusLinesState: undefined }, 'surplusLinesState')).toEqual(['Surplus Lines State is a required field']);
  });

  it('shows the agency picker only in the admin area, where an invalid agency is refused', () => {
    const inAgency = agency().update(valid);
    expect(inAgency.fields.agencyId?.visible).toBe(false);
    expect(inAgency.valid).toBe(true);
    expect(inAgency.sections.find((section) => section.id === 'agency')?.visible).toBe(false);
    const runtime = admin();
    expect(runtime.update(valid).fields.agencyId?.visible).toBe(true);
    expect(messagesOf(runtime, valid, 'agencyId')).toEqual(['The selected agency is invalid.']);
    expect(messagesOf(runtime, { ...valid, agencyId: 'not an id!' }, 'agencyId')).toEqual(['The selected agency is invalid.']);
    expect(messagesOf(runtime, { ...valid, agencyId: 'b7d4e1f0-3a6c' }, 'agencyId')).toEqual([]);
  });

  it('shows signatureOnFile only to admins and only for LA or MT', () => {
    const runtime = admin();
    expect(runtime.update({ ...valid, surplusLinesState: 'LA' }).fields.signatureOnFile?.visible).toBe(true);
    expect(runtime.update({ ...valid, surplusLinesState: 'MT' }).fields.signatureOnFile?.visible).toBe(true);
    const ny = runtime.update({ ...valid, surplusLinesState: 'NY', signatureOnFile: true });
    expect(ny.fields.signatureOnFile?.visible).toBe(false);
    expect(runtime.payload(ny)).not.toHaveProperty('signatureOnFile');
    expect(agency().update({ ...valid, surplusLinesState: 'LA' }).fields.signatureOnFile?.visible).toBe(false);
  });

  it('leaves the agency out of the payload in the agency area', () => {
    const runtime = agency();
    const state = runtime.update({ ...valid, agencyId: 'b7d4e1f0' });
    expect(runtime.payload(state)).not.toHaveProperty('agencyId');
  });
});
