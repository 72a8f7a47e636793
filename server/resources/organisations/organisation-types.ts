import type { components } from '../../../api/schema.d.ts';

type AccountType = components['schemas']['AccountType'];

/** The organisation types administered here, by the path segment their operations use (spec 001 section 7). */
export type OrganisationSegment = 'da' | 'cluster' | 'carrier' | 'reinsurer' | 'premiumprocessor' | 'mssp';

export interface OrganisationType {
  segment: OrganisationSegment;
  accountType: AccountType;
  /** Name in texts and audit entries. */
  label: string;
  /** The role a contact invited as the organisation's administrator gets. */
  adminRole: string;
  /** How agencies join it: at most one such organisation per agency, several, or none. */
  agencies: 'one' | 'many' | null;
  /** The spec's texts for this type where it has them (spec 001 section 8 Aggregator); ours otherwise. */
  texts: { notFound: string; removed: string };
}

export const ORGANISATION_TYPES: Readonly<Record<OrganisationSegment, OrganisationType>> = {
  da: {
    segment: 'da', accountType: 'DIGITAL', label: 'aggregator', adminRole: 'digital-admin', agencies: 'one',
    texts: { notFound: 'Aggregator not found.', removed: 'Successfully removed the DA' },
  },
  cluster: {
    segment: 'cluster', accountType: 'CLUSTER', label: 'cluster', adminRole: 'cluster-admin', agencies: 'one',
    texts: { notFound: 'Cluster not found.', removed: 'Successfully removed the cluster' },
  },
  carrier: {
    segment: 'carrier', accountType: 'CARRIER', label: 'carrier', adminRole: 'carrier-admin', agencies: 'many',
    texts: { notFound: 'Carrier not found.', removed: 'Successfully removed the carrier' },
  },
  reinsurer: {
    segment: 'reinsurer', accountType: 'RE_INSURER', label: 'reinsurer', adminRole: 'reinsurer-admin', agencies: null,
    texts: { notFound: 'Reinsurer not found.', removed: 'Successfully removed the reinsurer' },
  },
  premiumprocessor: {
    segment: 'premiumprocessor', accountType: 'PREMIUM_PROCESSOR', label: 'premium processor', adminRole: 'premium-processor-admin', agencies: null,
    texts: { notFound: 'Premium processor not found.', removed: 'Successfully removed the premium processor' },
  },
  mssp: {
    segment: 'mssp', accountType: 'MSSP', label: 'managed security provider', adminRole: 'mssp-admin', agencies: 'many',
    texts: { notFound: 'Managed security provider not found.', removed: 'Successfully removed the managed security provider' },
  },
};

/** Texts every organisation type shares (ours: the spec does not show them). */
export const ORGANISATION_TEXTS = {
  hostnameTaken: 'This hostname is already in use.',
  nameTaken: 'An organisation of this type with this name already exists.',
  contactExists: 'A user with this email address already exists.',
  agencyNotFound: 'Agency not found.',
  agencyAdded: 'Agency added',
  agencyRemoved: 'Agency removed',
  alreadyInOne: 'This agency already belongs to the {type} {name}. Remove it there first.',
  alreadyAdded: 'This agency is already one of its agencies.',
  notOneOfItsAgencies: 'This agency is not one of its agencies.',
} as const;
