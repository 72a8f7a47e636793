import { describe, expect, test } from 'vitest';
import { dashboardFor, personaById, personaOfAccountType, PERSONAS } from '../../../engine/index.ts';

/** One map of account types and areas for the browser's shell, the server's rules and jump links. */
describe('personas', () => {
  test.each([
    ['COWBELL', 'admin', '/admin/dashboard'],
    ['AGENCY', 'agency', '/agency/dashboard'],
    ['CUSTOMER', 'customer', '/customer/dashboard'],
    ['DIGITAL', 'da', '/da/dashboard'],
    ['VENDOR', 'vendor', '/vendor/claims'],
    ['PREMIUM_PROCESSOR', 'premiumprocessor', '/premiumprocessor/dashboard'],
  ])('%s signs in to %s and lands on %s', (accountType, persona, dashboard) => {
    expect(personaOfAccountType(accountType)?.id).toBe(persona);
    expect(dashboardFor(accountType)).toBe(dashboard);
  });

  test.each([
    ['cowbell', 'COWBELL'],
    ['policyholder', 'CUSTOMER'],
    ['admin', 'COWBELL'],
    ['reinsurer', 'RE_INSURER'],
  ])('the area named %s in a link serves %s accounts', (area, accountType) => {
    expect(personaById(area)?.accountType).toBe(accountType);
  });

  test('every account type but UNKNOWN has exactly one area; UNKNOWN goes to sign-in', () => {
    expect(new Set(PERSONAS.map((persona) => persona.accountType)).size).toBe(PERSONAS.length);
    expect(personaOfAccountType('UNKNOWN')).toBeUndefined();
    expect(dashboardFor('UNKNOWN')).toBe('/login');
    expect(personaById('nowhere')).toBeUndefined();
  });
});
