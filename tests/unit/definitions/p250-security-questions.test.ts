import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const ID = 'p250-security-questions';
const QUESTIONS = [
  'dmzSeparation',
  'thirdPartySecurityAgreement',
  'isVerifyingBankAccounts',
  'isAuthenticatingFundTransferRequests',
  'isPreventingUnauthorizedWireTransfers',
  'backupFrequency',
  'testedFullFailover',
];
const ALL_YES = {
  dmzSeparation: true,
  thirdPartySecurityAgreement: true,
  isVerifyingBankAccounts: true,
  isAuthenticatingFundTransferRequests: true,
  isPreventingUnauthorizedWireTransfers: true,
  backupFrequency: 'WEEKLY',
  testedFullFailover: true,
};

const notesOf = (data: Record<string, unknown>, path: string) =>
  (runtimeFor(ID).update(data).fields[path]?.notes ?? []).map((note) => `${note.level}: ${note.text}`);

describe('p250-security-questions', () => {
  const definition = registry.resolve<FormDefinition>(ID, 'us');

  it('has the three sections of the dialog, with Save and Cancel', () => {
    const titles = definition.layout!.sections.map((section) => section.title);
    expect(titles.slice(0, 3)).toEqual(['Contingent System Failure', 'Cyber Crime Loss', 'Full System Failure']);
    expect(definition.actions).toMatchObject({ submitLabel: 'Save', cancelLabel: 'Cancel' });
    expect(definition.binding?.submit).toBe('saveSecurityQuestions');
  });

  it('requires every security question and the backup frequency, and accepts a full set of answers', () => {
    const runtime = runtimeFor(ID);
    const empty = runtime.update({});
    for (const field of QUESTIONS) expect(empty.errors[field]?.[0]?.keyword, field).toBe('required');
    expect(messagesOf(runtime, {}, 'backupFrequency')).toEqual(['Backup Frequency is a required field']);
    expect(messagesOf(runtime, {}, 'dmzSeparation')).toEqual(['DMZ Separation is a required field']);
    const full = runtime.update(ALL_YES);
    expect(full.valid).toBe(true);
    expect(full.errors).toEqual({});
  });

  it('offers WEEKLY to NEVER (no DAILY) and defaults to SIX_MONTHS', () => {
    const backup = definition.schema.properties as Record<string, { default?: string; oneOf?: { const: string }[] }>;
    expect(backup.backupFrequency!.oneOf!.map((option) => option.const)).toEqual(['WEEKLY', 'MONTHLY', 'QUARTERLY', 'SIX_MONTHS', 'NEVER']);
    expect(backup.backupFrequency!.default).toBe('SIX_MONTHS');
    expect(messagesOf(runtimeFor(ID), { ...ALL_YES, backupFrequency: 'DAILY' }, 'backupFrequency')).toEqual(['Please select a valid Backup Frequency']);
  });

  it('coverage 23 is valid only with DMZ separation and the third-party agreement both yes', () => {
    const runtime = runtimeFor(ID);
    expect(runtime.update(ALL_YES).data.coverage23Valid).toBe(true);
    expect(runtime.update({ ...ALL_YES, dmzSeparation: false }).data.coverage23Valid).toBe(false);
    expect(runtime.update({ ...ALL_YES, thirdPartySecurityAgreement: false }).data.coverage23Valid).toBe(false);
    expect(runtime.update({}).data.coverage23Valid).toBe(false);
  });

  it('warns that coverage 23 will be unselected once answered and invalid, and drops the warning when fixed', () => {
    const warning = /^warning: Contingent System Failure will be unselected/;
    expect(notesOf({ dmzSeparation: true }, 'thirdPartySecurityAgreement')).toEqual([]);
    expect(notesOf({ dmzSeparation: true, thirdPartySecurityAgreement: false }, 'thirdPartySecurityAgreement')[0]).toMatch(warning);
    expect(notesOf({ dmzSeparation: false, thirdPartySecurityAgreement: true }, 'thirdPartySecurityAgreement')[0]).toMatch(warning);
    expect(notesOf({ dmzSeparation: true, thirdPartySecurityAgreement: true }, 'thirdPartySecurityAgreement')).toEqual([]);
    // A warning does not block saving.
    expect(runtimeFor(ID).update({ ...ALL_YES, thirdPartySecurityAgreement: false }).valid).toBe(true);
  });

  it('coverage 24 is valid only if all three bank and transfer questions are yes', () => {
    const runtime = runtimeFor(ID);
    expect(runtime.update(ALL_YES).data.coverage24Valid).toBe(true);
    for (const field of ['isVerifyingBankAccounts', 'isAuthenticatingFundTransferRequests', 'isPreventingUnauthorizedWireTransfers']) {
      const state = runtime.update({ ...ALL_YES, [field]: false });
      expect(state.data.coverage24Valid, field).toBe(false);
      expect(state.fields.isPreventingUnauthorizedWireTransfers!.notes[0]?.text).toMatch(/^Cyber Crime Loss will be unselected/);
    }
    expect(runtime.update(ALL_YES).fields.isPreventingUnauthorizedWireTransfers!.notes).toEqual([]);
    expect(runtime.update({ isVerifyingBankAccounts: false }).fields.isPreventingUnauthorizedWireTransfers!.notes).toEqual([]);
  });

  it('coverage 34 is valid only if backups are not NEVER and DMZ separation and the failover test are yes', () => {
    const runtime = runtimeFor(ID);
    expect(runtime.update(ALL_YES).data.coverage34Valid).toBe(true);
    expect(runtime.update({ ...ALL_YES, backupFrequency: 'SIX_MONTHS' }).data.coverage34Valid).toBe(true);
    expect(runtime.update({ ...ALL_YES, backupFrequency: 'NEVER' }).data.coverage34Valid).toBe(false);
    expect(runtime.update({ ...ALL_YES, dmzSeparation: false }).data.coverage34Valid).toBe(false);
    expect(runtime.update({ ...ALL_YES, testedFullFailover: false }).data.coverage34Valid).toBe(false);
    expect(runtime.update({ ...ALL_YES, backupFrequency: undefined }).data.coverage34Valid).toBe(false);
  });

  it('warns that coverage 34 will be unselected for NEVER backups, and clears when backups resume', () => {
    const runtime = runtimeFor(ID);
    const never = runtime.update({ ...ALL_YES, backupFrequency: 'NEVER' });
    expect(never.fields.testedFullFailover!.notes).toEqual([
      { level: 'warning', text: 'Full System Failure will be unselected: it needs backups more often than Never, DMZ separation and a tested full failover.' },
    ]);
    expect(runtime.update({ ...ALL_YES, backupFrequency: 'MONTHLY' }).fields.testedFullFailover!.notes).toEqual([]);
  });

  it('keeps the computed flags hidden and out of the saved answers', () => {
    const runtime = runtimeFor(ID);
    const state = runtime.update(ALL_YES);
    expect(state.fields.coverage23Valid!.visible).toBe(false);
    expect(state.sections.find((section) => section.id === 'coverageValidity')!.visible).toBe(false);
    const payload = runtime.payload(state);
    expect(payload).not.toHaveProperty('coverage23Valid');
    expect(payload).not.toHaveProperty('coverage34Valid');
    expect(payload).toMatchObject(ALL_YES);
  });

  it('says Organisation in the UK', () => {
    const uk = registry.resolve<FormDefinition>(ID, 'uk');
    const properties = uk.schema.properties as Record<string, { description?: string }>;
    expect(properties.dmzSeparation!.description).toContain('Organisation');
    expect((definition.schema.properties as Record<string, { description?: string }>).dmzSeparation!.description).toContain('Organization');
  });
});
