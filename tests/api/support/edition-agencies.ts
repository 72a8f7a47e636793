import { clientOf } from './quote-fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * The agency of each edition in the API test world, with its user (by the token name the suites sign in
 * under), another agency's user, the host that selects the edition, and a rateable risk for its clients: the
 * data of the suites that run the same case in both editions.
 */
export const EDITION_AGENCIES = [
  {
    edition: 'us' as const, agency: 'Summit Risk Partners', agent: 'agent', agentName: 'Alex Agent', otherAgent: 'otherAgent', host: undefined,
    state: 'NY', zip: '10001', industry: '541512', product: 'P250',
  },
  {
    edition: 'uk' as const, agency: 'Thames Cyber Brokers', agent: 'broker', agentName: 'Ben Broker', otherAgent: 'agent', host: 'console.example.uk',
    state: null, zip: 'SE1 9GF', industry: '62020', product: 'P_ONE',
  },
];

export type EditionAgency = (typeof EDITION_AGENCIES)[number];

/** The users those suites sign in as, by token name. */
export const EDITION_USERS = {
  agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', underwriter: 'underwriter@provider.example',
  admin: 'admin@provider.example',
};

/** A new client of the edition's agency, with the facts the rater needs. */
export function editionClient(t: TestApp, edition: EditionAgency, name: string): Promise<string> {
  return clientOf(t, edition.agency, name, { edition: edition.edition, state: edition.state, zip: edition.zip, industry: edition.industry, revenue: 5_000_000 });
}
