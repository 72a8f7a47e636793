/**
 * Account types, the areas (personas) they sign in to, and each area's dashboard (spec 000 section 2), once
 * for the browser (the shell mounts one area per entry), the server (rules read `$context.persona`; jump
 * links name an area) and the definitions. Plain data.
 */
export type AccountType =
  | 'CARRIER' | 'DIGITAL' | 'COWBELL' | 'CUSTOMER' | 'VENDOR' | 'CLUSTER' | 'AGENCY' | 'MSSP' | 'UNKNOWN' | 'RE_INSURER' | 'PREMIUM_PROCESSOR';

export type PersonaId = 'admin' | 'agency' | 'customer' | 'da' | 'mssp' | 'carrier' | 'cluster' | 'vendor' | 'reinsurer' | 'premiumprocessor';

export interface Persona {
  id: PersonaId;
  accountType: AccountType;
  /** The area's base path. */
  base: string;
  /** Where a user of this account type lands. */
  dashboard: string;
  /** The area's name; `{{Term}}` is filled from the edition's terms. */
  name: string;
}

export const PERSONAS: readonly Persona[] = [
  { id: 'admin', accountType: 'COWBELL', base: '/admin', dashboard: '/admin/dashboard', name: 'Admin' },
  { id: 'agency', accountType: 'AGENCY', base: '/agency', dashboard: '/agency/dashboard', name: '{{Agency}}' },
  { id: 'customer', accountType: 'CUSTOMER', base: '/customer', dashboard: '/customer/dashboard', name: 'Policyholder' },
  { id: 'da', accountType: 'DIGITAL', base: '/da', dashboard: '/da/dashboard', name: 'Digital {{Agent}}' },
  { id: 'mssp', accountType: 'MSSP', base: '/mssp', dashboard: '/mssp/dashboard', name: 'Managed Security Provider' },
  { id: 'carrier', accountType: 'CARRIER', base: '/carrier', dashboard: '/carrier/dashboard', name: 'Carrier' },
  { id: 'cluster', accountType: 'CLUSTER', base: '/cluster', dashboard: '/cluster/dashboard', name: 'Cluster' },
  { id: 'vendor', accountType: 'VENDOR', base: '/vendor', dashboard: '/vendor/claims', name: 'Vendor' },
  { id: 'reinsurer', accountType: 'RE_INSURER', base: '/reinsurer', dashboard: '/reinsurer/dashboard', name: 'Reinsurer' },
  { id: 'premiumprocessor', accountType: 'PREMIUM_PROCESSOR', base: '/premiumprocessor', dashboard: '/premiumprocessor/dashboard', name: 'Premium Processor' },
];

/** Other names of areas in links (spec 000: the provider's area is also 'cowbell', the insured's 'policyholder'). */
const AREA_ALIASES: Readonly<Record<string, PersonaId>> = { cowbell: 'admin', policyholder: 'customer' };

export function personaOfAccountType(accountType: string | undefined): Persona | undefined {
  return PERSONAS.find((persona) => persona.accountType === accountType);
}

/** The persona of an area name in a path, aliases included. */
export function personaById(id: string): Persona | undefined {
  const canonical = AREA_ALIASES[id] ?? id;
  return PERSONAS.find((persona) => persona.id === canonical);
}

/** The dashboard of an account type; /login for a type without an area (UNKNOWN). */
export function dashboardFor(accountType: string | undefined): string {
  return personaOfAccountType(accountType)?.dashboard ?? '/login';
}
