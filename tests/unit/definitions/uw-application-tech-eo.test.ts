import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { registry, runtimeFor } from '../../support/registry.ts';

const ID = 'uw-application-tech-eo';
const TECH_EO = [
  'applicantComplaintsAllegations',
  'applicantComplaintsNetworkCompromised',
  'applicantAllegedViolation',
  'applicantNotifiedPrivacyBreaches',
  'applicantReceivedExtortionThreat',
  'applicantSustainedNetworkOutage',
  'applicantSustainedPropertyDamage',
  'probableKnownActLeadingToClaim',
  'probableKnownDamageLeadingToClaim',
  'hasDamageClaimAgainstApplicant',
];
const COMPLETE: Record<string, unknown> = {
  training: 'Yes',
  mfaEmail: 'YES',
  mfaRemoteAccess: 'YES',
  mfaAdminAccounts: 'YES',
  mfaCloud: 'YES',
  mfaVendor: 'YES',
  mfaVendorManagement: 'YES',
  backupFrequency: 'DAILY',
  backupTypes: ['SEGMENTED'],
  patchingFrequency: 'WITHIN_7_DAYS',
  vendorManagement: 'Yes',
  encryptionAtRestAnswer: 'Yes',
  encryptionInTransitAnswer: 'Yes',
  encryptionOnDevicesAnswer: 'Yes',
  planIncidentResponseAnswer: 'Yes',
  planDisasterRecoveryAnswer: 'Yes',
  planBusinessContinuityAnswer: 'Yes',
  eolProducts: 'NO',
  edr: 'YES',
  priorCoverage: false,
  priorOrPendingClaimCircumstances: false,
  cyberEvent: false,
  privacyLitigation: false,
  unscheduledSystemDowntime: false,
  sustainedSystemOutage: 'NO',
  ...Object.fromEntries(TECH_EO.map((field) => [field, 'NO'])),
};
const properties = () => registry.resolve<FormDefinition>(ID, 'us').schema.properties as Record<string, { oneOf?: { const: unknown }[]; description?: string }>;
const visible = (data: Record<string, unknown>, field: string) => runtimeFor(ID).update(data).fields[field]!.visible;

describe('uw-application-tech-eo', () => {
  it('uses Answer-suffixed names for encryption, plans and cyber crime, and adds mfaVendorManagement', () => {
    const names = Object.keys(properties());
    for (const name of ['encryptionAtRest', 'planIncidentResponse', 'isVerifyingBankAccounts', 'hasDualAuthorizationControls']) {
      expect(names).toContain(`${name}Answer`);
      expect(names).not.toContain(name);
    }
    expect(names).toContain('mfaVendorManagement');
    expect(names).toEqual(expect.arrayContaining(['contentReviewProcedure', 'copyrightClearanceSearch', ...TECH_EO, 'sustainedSystemOutageBusinessInterruption']));
    expect(properties().contentReviewProcedure!.oneOf!.map((option) => option.const)).toEqual(['YES', 'NO', 'NA']);
  });

  it('requires eol and edr but not NGAV or email filtering, nor the media questions', () => {
    const errors = runtimeFor(ID).update({}).errors;
    expect(Object.keys(errors).sort()).toEqual(Object.keys(COMPLETE).sort());
    expect(errors.eolProducts?.[0]?.message).toBe('End-of-Life Products is a required field');
    expect(errors.edr?.[0]?.keyword).toBe('required');
    expect(errors.ngav).toBeUndefined();
    expect(errors.emailFiltering).toBeUndefined();
    expect(errors.contentReviewProcedure).toBeUndefined();
    expect(runtimeFor(ID).update(COMPLETE).errors).toEqual({});
  });

  it('accepts its own sample', () => {
    expect(runtimeFor(ID).update(registry.resolve<FormDefinition>(ID, 'us').sample!).errors).toEqual({});
  });

  it('requires the Answer-suffixed cyber crime questions only when Cyber Crime was purchased', () => {
    const purchased = runtimeFor(ID, 'us', { flags: { cyberCrimePurchased: true } }).update(COMPLETE).errors;
    expect(Object.keys(purchased).sort()).toEqual([
      'hasDualAuthorizationControlsAnswer',
      'isAuthenticatingFundTransferRequestsAnswer',
      'isPreventingUnauthorizedWireTransfersAnswer',
      'isVerifyingBankAccountsAnswer',
    ]);
    expect(runtimeFor(ID, 'us', { flags: { cyberCrimePurchased: false } }).update(COMPLETE).errors).toEqual({});
  });

  it('shows MFA comments when the vendor management MFA answer is not YES', () => {
    expect(visible(COMPLETE, 'mfaComments')).toBe(false);
    expect(visible({ ...COMPLETE, mfaVendorManagement: 'NO' }, 'mfaComments')).toBe(true);
  });

  it('shows plans and cyber-crime comments on the Answer-suffixed questions', () => {
    expect(visible(COMPLETE, 'plansComments')).toBe(false);
    expect(visible({ ...COMPLETE, planDisasterRecoveryAnswer: 'No' }, 'plansComments')).toBe(true);
    expect(visible(COMPLETE, 'cyberCrimeComments')).toBe(false);
    expect(visible({ ...COMPLETE, isAuthenticatingFundTransferRequestsAnswer: 'No' }, 'cyberCrimeComments')).toBe(true);
  });

  it('always shows the backup types comment, while backupTypes still follows NEVER', () => {
    expect(visible({ backupFrequency: 'NEVER' }, 'backupTypesComment')).toBe(true);
    expect(visible({ backupFrequency: 'NEVER' }, 'backupTypes')).toBe(false);
    expect(visible({ backupFrequency: 'MONTHLY' }, 'backupTypes')).toBe(true);
  });

  it.each(TECH_EO)('shows the %s comment box on YES only', (question) => {
    expect(visible({ [question]: 'YES' }, `${question}Comments`)).toBe(true);
    expect(visible({ [question]: 'NO' }, `${question}Comments`)).toBe(false);
  });

  it('shows the business interruption follow-up when a sustained system outage is YES', () => {
    expect(visible({ sustainedSystemOutage: 'YES' }, 'sustainedSystemOutageBusinessInterruption')).toBe(true);
    expect(visible({ sustainedSystemOutage: 'NO' }, 'sustainedSystemOutageBusinessInterruption')).toBe(false);
  });

  it('shows the NGAV vendor only on YES', () => {
    expect(visible({ ngav: 'YES' }, 'ngavVendor')).toBe(true);
    expect(visible({ ngav: 'NO' }, 'ngavVendor')).toBe(false);
  });

  it('states the UK dual authorization threshold in pounds', () => {
    const uk = registry.resolve<FormDefinition>(ID, 'uk').schema.properties as Record<string, { description?: string }>;
    expect(uk.hasDualAuthorizationControlsAnswer!.description).toContain('£25,000');
    expect(properties().hasDualAuthorizationControlsAnswer!.description).toContain('$25,000');
  });
});
