import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const valid = { quoteId: 'q-1', reasonSummary: 'Error', reason: 'Entered twice', isNotificationEnabled: true };
const withFlag = () => runtimeFor('decline-quote', 'us', { persona: 'admin', flags: { 'submissions-view': true } });
const optionValues = (schema: unknown) => ((schema as { oneOf: { const: unknown }[] }).oneOf ?? []).map((option) => option.const);

describe('decline-quote form', () => {
  it("is titled 'Reason to Decline', labels its fields per spec and binds declineQuote", () => {
    const form = registry.resolve<FormDefinition>('decline-quote', 'us');
    expect(form.title).toBe('Reason to Decline');
    expect(form.binding?.submit).toBe('declineQuote');
    const fields = withFlag().update({}).fields;
    expect(fields.reasonSummary?.label).toBe('Declaration Reason');
    expect(fields.reason?.label).toBe('Reason Description');
    expect(fields.reasonFillIn?.label).toBe('Fill-In text');
    expect((form.uiSchema?.reason as Record<string, unknown>)['ui:options']).toEqual({ rows: 4 });
    const properties = form.schema.properties as Record<string, { properties?: Record<string, unknown> }>;
    expect(optionValues(properties.reasonSummary)).toEqual([
      'Class of Business', 'Poor Cyber Security Controls', 'BOR', 'Poor Claims History', 'Duplicate Quote', 'Error', 'Fill-in option',
    ]);
    expect(optionValues(properties.accountDecline?.properties?.reasonSummary)).toEqual([
      'Claims history', 'Nature of Operations', 'Poor Controls', 'Size is too Big', 'Fill-in option',
    ]);
    expect(optionValues(properties.submissionDecline?.properties?.declinationReason)).toEqual([
      'CLAIMS_HISTORY', 'NATURE_OF_OPERATIONS', 'POOR_CONTROLS', 'SIZE_TOO_BIG', 'FILL_IN_OPTION',
    ]);
  });

  it('accepts its sample', () => {
    const form = registry.resolve<FormDefinition>('decline-quote', 'us');
    expect(withFlag().update(form.sample!).errors).toEqual({});
  });

  it('requires the reason summary and description', () => {
    const state = withFlag().update({});
    expect(state.errors.reasonSummary?.[0]?.message).toBe('Declaration Reason is a required field');
    expect(state.errors.reason?.[0]?.message).toBe('Reason Description is required');
    expect(withFlag().update(valid).valid).toBe(true);
  });

  it("reveals and requires the fill-in text for 'Fill-in option', then hides it again", () => {
    const runtime = withFlag();
    const fillIn = runtime.update({ ...valid, reasonSummary: 'Fill-in option' });
    expect(fillIn.fields.reasonFillIn?.visible).toBe(true);
    expect(fillIn.errors.reasonFillIn?.[0]?.message).toBe('Fill-In text is required');
    expect(messagesOf(runtime, { ...valid, reasonSummary: 'Fill-in option', reasonFillIn: 'Outside appetite' }, 'reasonFillIn')).toEqual([]);
    const back = runtime.update({ ...valid, reasonSummary: 'BOR', reasonFillIn: 'Outside appetite' });
    expect(back.fields.reasonFillIn?.visible).toBe(false);
    expect(runtime.payload(back)).not.toHaveProperty('reasonFillIn');
  });

  it('requires the account decline fields only while Decline Account is Yes', () => {
    const runtime = withFlag();
    const yes = runtime.update({ ...valid, declineAccount: true });
    expect(yes.fields['accountDecline.reasonSummary']?.visible).toBe(true);
    expect(yes.errors['accountDecline.reasonSummary']?.[0]?.message).toBe('Declaration Reason is a required field');
    expect(yes.errors['accountDecline.reason']?.[0]?.message).toBe('Reason Description is required');
    const fillIn = runtime.update({ ...valid, declineAccount: true, accountDecline: { reasonSummary: 'Fill-in option', reason: 'r' } });
    expect(fillIn.errors['accountDecline.reasonFillIn']?.[0]?.message).toBe('Fill-In text is required');
    const no = runtime.update({ ...valid, declineAccount: false, accountDecline: { reasonSummary: 'Poor Controls' } });
    expect(no.fields['accountDecline.reasonSummary']?.visible).toBe(false);
    expect(no.valid).toBe(true);
    expect(runtime.payload(no)).not.toHaveProperty('accountDecline');
  });

  it('offers the submission option only with the submissions flag and a submission id', () => {
    expect(runtimeFor('decline-quote', 'us', { flags: { 'submissions-view': false } }).update({ ...valid, submissionId: 's-1' }).fields.declineSubmission?.visible).toBe(false);
    expect(withFlag().update(valid).fields.declineSubmission?.visible).toBe(false);
    expect(withFlag().update({ ...valid, submissionId: 's-1' }).fields.declineSubmission?.visible).toBe(true);
    const noFlag = runtimeFor('decline-quote', 'us', {}).update({ ...valid, submissionId: 's-1', declineSubmission: true });
    expect(noFlag.fields['submissionDecline.declinationReason']?.visible).toBe(false);
    expect(noFlag.valid).toBe(true);
  });

  it('requires the submission decline fields only while Decline Submission is Yes', () => {
    const runtime = withFlag();
    const base = { ...valid, submissionId: 's-1' };
    const yes = runtime.update({ ...base, declineSubmission: true });
    expect(yes.errors['submissionDecline.declinationReason']?.[0]?.keyword).toBe('required');
    expect(yes.errors['submissionDecline.declinationReasonDescription']?.[0]?.message).toBe('Reason Description is required');
    const fillIn = runtime.update({ ...base, declineSubmission: true, submissionDecline: { declinationReason: 'FILL_IN_OPTION', declinationReasonDescription: 'd' } });
    expect(fillIn.errors['submissionDecline.fillInDeclinationReason']?.[0]?.message).toBe('Fill-In text is required');
    const done = runtime.update({
      ...base,
      declineSubmission: true,
      submissionDecline: { declinationReason: 'FILL_IN_OPTION', declinationReasonDescription: 'd', fillInDeclinationReason: 'Sanctions' },
    });
    expect(done.valid).toBe(true);
    const no = runtime.update({ ...base, declineSubmission: false });
    expect(no.fields.submissionDecline?.visible).toBe(false);
    expect(no.valid).toBe(true);
  });
});
