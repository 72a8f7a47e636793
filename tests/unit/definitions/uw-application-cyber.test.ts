import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const ID = 'uw-application-cyber';

/** A complete US cyber application with every answer that opens no follow-up. */
const COMPLETE = {
  training: 'Yes',
  mfaEmail: 'YES',
  mfaRemoteAccess: 'YES',
  mfaAdminAccounts: 'YES',
  mfaCloud: 'YES',
  mfaVendor: 'YES',
  backupFrequency: 'WEEKLY',
  backupTypes: ['CLOUD'],
  patchingFrequency: 'WITHIN_30_DAYS',
  vendorManagement: 'Yes',
  encryptionAtRest: 'Yes',
  encryptionInTransit: 'Yes',
  encryptionOnDevices: 'Yes',
  planIncidentResponse: 'Yes',
  planDisasterRecovery: 'Yes',
  planBusinessContinuity: 'Yes',
  priorCoverage: true,
  priorOrPendingClaimCircumstances: false,
  cyberEvent: false,
  privacyLitigation: false,
  unscheduledSystemDowntime: false,
};
const CYBER_CRIME = ['isVerifyingBankAccounts', 'isAuthenticatingFundTransferRequests', 'isPreventingUnauthorizedWireTransfers', 'hasDualAuthorizationControls'];

type Options = { oneOf?: { const: unknown; title: string }[]; items?: { oneOf?: { const: unknown }[] } };
const propertiesOf = (edition: 'us' | 'uk' = 'us') => registry.resolve<FormDefinition>(ID, edition).schema.properties as Record<string, Options & { description?: string }>;
const valuesOf = (field: string) => propertiesOf()[field]!.oneOf!.map((option) => option.const);
const visible = (data: Record<string, unknown>, field: string, context = {}) => runtimeFor(ID, 'us', context).update(data).fields[field]!.visible;

describe('uw-application-cyber: answers and required items', () => {
  it('uses the three answer sets, booleans for boolAnswer questions, and the backup lists', () => {
    expect(valuesOf('training')).toEqual(['Yes', 'No']);
    expect(valuesOf('vendorManagement')).toEqual(['Yes', 'No', 'Uncertain']);
    expect(valuesOf('encryptionAtRest')).toEqual(['Yes', 'No', 'Uncertain']);
    expect(valuesOf('mfaEmail')).toEqual(['YES', 'NO', 'NA']);
    expect(valuesOf('edr')).toEqual(['YES', 'NO']);
    expect(valuesOf('cyberEvent')).toEqual([true, false]);
    expect(valuesOf('backupFrequency')).toEqual(['DAILY', 'WEEKLY', 'MONTHLY', 'QUARTERLY', 'SIX_MONTHS', 'NEVER']);
    expect(propertiesOf().backupTypes!.items!.oneOf!.map((option) => option.const)).toEqual(['SEGMENTED', 'CLOUD', 'TESTED_ANNUALLY', 'OTHER']);
    expect(propertiesOf().claimHistory!.oneOf).toEqual([
      { const: 0, title: 'Never' },
      { const: 1, title: 'Within 12 months' },
      { const: 2, title: 'Within 2 years' },
      { const: 3, title: 'Within 3 years' },
      { const: 4, title: 'Within 4 years' },
      { const: 5, title: 'Within 5 years or more' },
    ]);
    expect(propertiesOf().hasDualAuthorizationControls!.description).toContain('over $25,000');
  });

  it('requires the section 5 items and nothing else on an empty application', () => {
    const errors = runtimeFor(ID).update({}).errors;
    expect(Object.keys(errors).sort()).toEqual([...Object.keys(COMPLETE)].sort());
    expect(messagesOf(runtimeFor(ID), {}, 'mfaCloud')).toEqual(['MFA for Cloud Services is a required field']);
  });

  it('accepts a complete application, and its own sample', () => {
    expect(runtimeFor(ID).update(COMPLETE).errors).toEqual({});
    const sample = registry.resolve<FormDefinition>(ID, 'us').sample!;
    expect(runtimeFor(ID, 'us', { flags: { cyberCrimePurchased: true } }).update(sample).errors).toEqual({});
  });

  it('requires the cyber crime questions only when Cyber Crime was purchased', () => {
    const without = runtimeFor(ID).update(COMPLETE);
    for (const field of CYBER_CRIME) expect(without.errors[field], field).toBeUndefined();
    const purchased = runtimeFor(ID, 'us', { flags: { cyberCrimePurchased: true } });
    const state = purchased.update(COMPLETE);
    for (const field of CYBER_CRIME) expect(state.errors[field]?.[0]?.keyword, field).toBe('required');
    const answered = purchased.update({ ...COMPLETE, ...Object.fromEntries(CYBER_CRIME.map((field) => [field, 'Yes'])) });
    expect(answered.errors).toEqual({});
  });

  it('does not require eol, edr or ngav in the US, and requires them in the UK', () => {
    const us = runtimeFor(ID).update(COMPLETE);
    expect(us.errors.eolProducts).toBeUndefined();
    const uk = runtimeFor(ID, 'uk').update(COMPLETE);
    expect(Object.keys(uk.errors).sort()).toEqual(['edr', 'eolProducts', 'ngav']);
    expect(runtimeFor(ID, 'uk').update({ ...COMPLETE, eolProducts: 'NO', edr: 'YES', ngav: 'NO' }).errors).toEqual({});
    expect(propertiesOf('uk').hasDualAuthorizationControls!.description).toContain('over £25,000');
  });
});

describe('uw-application-cyber: conditionals', () => {
  it('shows and requires backupTypes only when backupFrequency is not NEVER', () => {
    const runtime = runtimeFor(ID);
    const never = runtime.update({ ...COMPLETE, backupFrequency: 'NEVER', backupTypes: ['CLOUD'] });
    expect(never.fields.backupTypes!.visible).toBe(false);
    expect(never.errors).toEqual({});
    expect(runtime.payload(never)).not.toHaveProperty('backupTypes');
    const daily = runtime.update({ ...COMPLETE, backupFrequency: 'DAILY', backupTypes: [] });
    expect(daily.fields.backupTypes!.visible).toBe(true);
    expect(daily.errors.backupTypes).toEqual([{ keyword: 'required', message: 'Backup Types is a required field' }]);
  });

  it('shows the backup types comment when OTHER is chosen', () => {
    expect(visible({ backupFrequency: 'WEEKLY', backupTypes: ['CLOUD'] }, 'backupTypesComment')).toBe(false);
    expect(visible({ backupFrequency: 'WEEKLY', backupTypes: ['CLOUD', 'OTHER'] }, 'backupTypesComment')).toBe(true);
    expect(visible({ backupFrequency: 'NEVER', backupTypes: ['OTHER'] }, 'backupTypesComment')).toBe(false);
  });

  it.each([
    ['eolProducts', 'eolProductsUsage'],
    ['edr', 'edrVendor'],
    ['ngav', 'ngavVendor'],
    ['emailFiltering', 'emailFilteringVendor'],
  ])('shows %s follow-up %s only on YES', (question, followUp) => {
    expect(visible({}, followUp)).toBe(false);
    expect(visible({ [question]: 'YES' }, followUp)).toBe(true);
    expect(visible({ [question]: 'NO' }, followUp)).toBe(false);
  });

  it('shows and requires cyberEvent comments when true, and drops them when false', () => {
    const runtime = runtimeFor(ID);
    const yes = runtime.update({ ...COMPLETE, cyberEvent: true });
    expect(yes.fields.cyberEventComments!.visible).toBe(true);
    expect(yes.errors.cyberEventComments).toEqual([{ keyword: 'required', message: 'Cyber Event Comments is a required field' }]);
    expect(runtime.update({ ...COMPLETE, cyberEvent: true, cyberEventComments: 'Phishing in 2023' }).errors).toEqual({});
    const no = runtime.update({ ...COMPLETE, cyberEvent: false, cyberEventComments: 'left over' });
    expect(no.fields.cyberEventComments!.visible).toBe(false);
    expect(no.errors).toEqual({});
    expect(runtime.payload(no)).not.toHaveProperty('cyberEventComments');
  });

  it.each(['priorOrPendingClaimCircumstances', 'privacyLitigation', 'unscheduledSystemDowntime'])('shows the %s comment box on true only', (question) => {
    expect(visible({ [question]: true }, `${question}Comments`)).toBe(true);
    expect(visible({ [question]: false }, `${question}Comments`)).toBe(false);
    expect(runtimeFor(ID).update({ ...COMPLETE, [question]: true }).errors).toEqual({});
  });

  it('shows the sustainedSystemOutage follow-up on YES', () => {
    expect(visible({ sustainedSystemOutage: 'YES' }, 'sustainedSystemOutageBusinessInterruption')).toBe(true);
    expect(visible({ sustainedSystemOutage: 'NO' }, 'sustainedSystemOutageBusinessInterruption')).toBe(false);
  });

  it('shows MFA comments when any MFA answer is not YES', () => {
    expect(visible(COMPLETE, 'mfaComments')).toBe(false);
    expect(visible({}, 'mfaComments')).toBe(false);
    expect(visible({ ...COMPLETE, mfaVendor: 'NO' }, 'mfaComments')).toBe(true);
    expect(visible({ ...COMPLETE, mfaEmail: 'NA' }, 'mfaComments')).toBe(true);
  });

  it('shows plans comments when any plan is No', () => {
    expect(visible(COMPLETE, 'plansComments')).toBe(false);
    for (const plan of ['planIncidentResponse', 'planDisasterRecovery', 'planBusinessContinuity']) {
      expect(visible({ ...COMPLETE, [plan]: 'No' }, 'plansComments'), plan).toBe(true);
    }
  });

  it('shows cyber-crime comments when any of the three is No (not for dual authorization)', () => {
    const yes = { isVerifyingBankAccounts: 'Yes', isAuthenticatingFundTransferRequests: 'Yes', isPreventingUnauthorizedWireTransfers: 'Yes' };
    expect(visible(yes, 'cyberCrimeComments')).toBe(false);
    expect(visible({ ...yes, hasDualAuthorizationControls: 'No' }, 'cyberCrimeComments')).toBe(false);
    for (const field of Object.keys(yes)) expect(visible({ ...yes, [field]: 'No' }, 'cyberCrimeComments'), field).toBe(true);
  });

  it('groups the questions into sections by topic, each field once', () => {
    const definition = registry.resolve<FormDefinition>(ID, 'us');
    const fields = definition.layout!.sections.flatMap((section) => section.fields);
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields].sort()).toEqual(Object.keys(definition.schema.properties as object).sort());
    expect(definition.layout!.sections.map((section) => section.id)).toEqual([
      'training',
      'mfa',
      'backups',
      'patching',
      'encryption',
      'plans',
      'cyberCrime',
      'endpoint',
      'priorClaims',
    ]);
  });
});
