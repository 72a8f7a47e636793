import { describe, expect, it } from 'vitest';
import { applyP250Change, type P250CoverageState } from '../../../engine/index.ts';
import { bulkRequestOf, needsRetailAgent, refusalReasons } from '../../../renderers/quoting/bulk-request.ts';
import { COVERAGE_LOCK_TEXTS, coverageEligibility, coverageGroups, coverageRowView, joinWords, unselectedByAnswers } from '../../../renderers/quoting/coverage-view.ts';
import { startEditor } from '../../../renderers/quoting/editor-state.ts';
import { productToQuote, quotableProducts } from '../../../renderers/quoting/product-choice.ts';
import { quoteDestination } from '../../../renderers/quoting/quote-destination.ts';
import { NO_EXTRAS, additionalInsuredOf, eventExclusionOf, presetNameOf, quoteRequestOf } from '../../../renderers/quoting/quote-request.ts';
import { questionTitles, securityAnswered } from '../../../renderers/quoting/security-answers.ts';
import { raterFor } from '../rater/rater-support.ts';
import { registry } from '../../support/registry.ts';

/**
 * The quote editor's view model (renderers/quoting): pure functions over the engine's P250 state, as
 * tables of cases. The engine decides values (clamping, re-rating); these decide what the page shows
 * and sends.
 */
const TODAY = '2026-05-04';
const US_RISK = { riskState: 'IL', industryCode: '484110', revenue: 26_000_000, employees: 140 };

function started(product = 'P250', account: Parameters<typeof startEditor>[2] = US_RISK, edition: 'us' | 'uk' = 'us') {
  const start = startEditor(raterFor(edition), product, account, TODAY);
  if (!start.ok) throw new Error(start.message);
  return start;
}

const coverage = (over: Partial<P250CoverageState>): P250CoverageState => ({
  id: 99, key: 'X', label: 'X', group: 3, order: 1, mandatory: false, locked: false, selected: true, options: {}, ...over,
});

describe('a coverage row', () => {
  it.each([
    ['locked', coverage({ locked: true, mandatory: true }), undefined, { fixed: true, reason: COVERAGE_LOCK_TEXTS.locked, optionsEnabled: false }],
    ['mandatory', coverage({ mandatory: true }), undefined, { fixed: true, reason: COVERAGE_LOCK_TEXTS.mandatory, optionsEnabled: true }],
    ['not sold in the state', coverage({ selected: false }), { eligible: false, tooltip: 'State Not Supported' }, { fixed: true, reason: 'State Not Supported', optionsEnabled: false }],
    ['not sold to the industry', coverage({ selected: false }), { eligible: false, tooltip: 'Not Available For Industry / State!' }, { fixed: true, reason: 'Not Available For Industry / State!', optionsEnabled: false }],
    ['refused by the answers', coverage({ selected: false, answered: true, valid: false }), undefined, { fixed: true, reason: COVERAGE_LOCK_TEXTS.answers, optionsEnabled: false }],
    ['qualified by the answers', coverage({ answered: true, valid: true }), undefined, { fixed: false, optionsEnabled: true }],
    ['unanswered', coverage({ selected: false, answered: false, valid: false }), undefined, { fixed: false, optionsEnabled: false }],
    ['eligible and chosen', coverage({}), { eligible: true }, { fixed: false, optionsEnabled: true }],
  ] as const)('%s', (_name, state, eligibility, expected) => {
    const { coverage: _coverage, ...view } = coverageRowView(state, eligibility);
    expect(view).toEqual(expected);
  });
});

describe('endorsement eligibility by coverage', () => {
  it.each([
    ['NY', '484110', { 24: 'State Not Supported', 8: 'State Not Supported' }],
    ['IL', '522110', { 24: 'Not Available For Industry / State!', 8: 'Not Available For Industry / State!' }],
    ['IL', '517311', { 17: 'Not Available For Industry / State!' }],
    ['LA', '484110', { 13: 'State Not Supported' }],
    ['IL', '484110', {}],
  ])('a P250 risk in %s with industry %s may not have %j', (riskState, industryCode, refused) => {
    const start = started('P250', { ...US_RISK, riskState, industryCode });
    const blocked = Object.fromEntries([...start.eligibility].filter(([, availability]) => !availability.eligible).map(([id, availability]) => [id, availability.tooltip]));
    expect(blocked).toEqual(refused);
    // A coverage the risk may not have is never in the premium.
    for (const id of Object.keys(refused)) expect(start.state.coverages[Number(id)]?.selected).toBe(false);
  });

  it('names only endorsements the catalogue has a coverage for', () => {
    const map = coverageEligibility({ postBreachRemediationEndorsement: { eligible: false, tooltip: 'State Not Supported' }, socialEngEndorsement: { eligible: true } }, [{ id: 8, key: 'BUSINESS_IMPERSONATION' }]);
    expect([...map]).toEqual([[8, { eligible: true }]]);
  });
});

describe('the coverage groups', () => {
  it('lists every coverage of the product once, by catalogue group and order', () => {
    const { state } = started();
    const groups = coverageGroups(state, raterFor('us').catalogue.groups, new Map());
    expect(groups.map((group) => group.label)).toEqual([
      'Third Party Coverages', 'First Party Coverages', 'Business Income Coverages', 'Additional Coverages', 'Endorsements', 'Available Endorsements',
    ]);
    const ids = groups.flatMap((group) => group.rows.map((row) => row.coverage.id));
    expect(new Set(ids).size).toBe(Object.keys(state.coverages).length);
    for (const group of groups) expect(group.rows.map((row) => row.coverage.order)).toEqual([...group.rows.map((row) => row.coverage.order)].sort((a, b) => a - b));
  });
});

describe('why coverages are not selected', () => {
  const rater = raterFor('us');
  const titles = questionTitles(registry.resolve('p250-security-questions', 'us') as never);
  it.each([
    [{}, []],
    [
      { dmzSeparation: true, thirdPartySecurityAgreement: false },
      ['Contingent System Failure is not selected: the answers to DMZ Separation and Third-Party Security Agreement do not qualify.'],
    ],
    [
      { isVerifyingBankAccounts: true, isAuthenticatingFundTransferRequests: false, isPreventingUnauthorizedWireTransfers: true },
      ['Cyber Crime Loss is not selected: the answers to Verifies Bank Accounts, Authenticates Funds Transfer Requests and Prevents Unauthorized Wire Transfers do not qualify.'],
    ],
    [{ backupFrequency: 'NEVER', dmzSeparation: true, testedFullFailover: true, thirdPartySecurityAgreement: true }, ['Full System Failure is not selected: the answers to Backup Frequency, DMZ Separation and Tested Full Failover do not qualify.']],
  ])('answers %j', (answers, why) => {
    const state = applyP250Change(started().state, { type: 'securityQuestions', value: answers }, rater);
    expect(unselectedByAnswers(state, rater.coverages, titles)).toEqual(why);
  });

  it.each([
    [[], ''],
    [['a'], 'a'],
    [['a', 'b'], 'a and b'],
    [['a', 'b', 'c'], 'a, b and c'],
  ])('joins %j as %j', (words, text) => expect(joinWords(words)).toBe(text));
});

describe('the security questions are answered', () => {
  const form = registry.resolve('p250-security-questions', 'us') as never;
  const all = { dmzSeparation: true, thirdPartySecurityAgreement: false, isVerifyingBankAccounts: false, isAuthenticatingFundTransferRequests: true, isPreventingUnauthorizedWireTransfers: true, backupFrequency: 'NEVER', testedFullFailover: false };
  it.each([
    [undefined, false],
    [{}, false],
    [{ ...all, testedFullFailover: null }, false],
    [{ ...all, backupFrequency: '' }, false],
    [all, true],
  ])('%j: %s', (answers, answered) => expect(securityAnswered(form, answers as Record<string, unknown> | undefined)).toBe(answered));
  it('a product without security questions never waits on them', () => expect(securityAnswered(undefined, {})).toBe(true));
});

describe('the quote request', () => {
  it('is the rater input of the state, with the preset name, dates, retro dates and extras', () => {
    const { state } = started();
    const body = quoteRequestOf(state, 'acc-1', { triaExclusionAttested: true, additionalInsureds: [], eventExclusions: [{ claimNumber: 'C-1', claimName: 'Outage' }] }, 'team-1');
    expect(body).toMatchObject({
      accountId: 'acc-1', product: 'P250', preset: 'POPULAR', aggLimit: 1_000_000, deductible: 25_000, waitingPeriod: 12, retroActivePeriod: -1,
      effectiveDate: '2026-05-18', endDate: '2027-05-18', triaExclusionAttested: true, teamId: 'team-1', eventExclusions: [{ claimNumber: 'C-1', claimName: 'Outage' }],
    });
    expect(body.additionalInsureds).toBeUndefined();
    expect(body.coverages!['24']).toEqual({ selected: true, limit: 250_000, deductible: 25_000 });
    expect(Object.keys(body.coverages!)).toHaveLength(Object.keys(state.coverages).length);
  });

  it('gives a retroactive period of years its date, and names a hand-changed preset CUSTOM', () => {
    const rater = raterFor('us');
    let { state } = started();
    state = applyP250Change(state, { type: 'retroActivePeriod', value: 2 }, rater);
    state = applyP250Change(state, { type: 'coverage', id: 16, field: 'selected', value: true }, rater);
    const body = quoteRequestOf(state, 'acc-1', NO_EXTRAS);
    expect(body.coverages!['0']).toEqual({ selected: true, retroActivePeriod: 2, retroActiveDate: '2024-05-18' });
    expect(presetNameOf(state)).toBe('CUSTOM');
    expect(body.preset).toBe('CUSTOM');
    expect(body.teamId).toBeUndefined();
  });

  it.each([
    [
      { businessName: ' Fulton LLC ', address1: '1 Main', address2: '', city: 'Chicago', state: 'IL', zipCode: '60607', naicsCode: 493110 },
      { businessName: 'Fulton LLC', address1: '1 Main', city: 'Chicago', state: 'IL', zipCode: '60607', naicsCode: '493110' },
    ],
    [
      { businessName: 'Riverside Ltd', address1: 'Unit 4', address2: 'Riverside Park', address3: 'Barking', city: 'London', zipCode: 'IG11 0DS', sicCode: 68320 },
      { businessName: 'Riverside Ltd', address1: 'Unit 4', address2: 'Riverside Park, Barking', city: 'London', zipCode: 'IG11 0DS', naicsCode: '68320' },
    ],
  ])('an additional insured from the form %j', (data, insured) => expect(additionalInsuredOf(data)).toEqual(insured));

  it.each([
    [{ claimNumber: 'C-1', claimName: 'Outage' }, { claimNumber: 'C-1', claimName: 'Outage' }],
    [{ claimNumber: 'C-2', claimName: 'Breach', claimDate: '2025-01-02', claimDescription: 'Stolen laptop' }, { claimNumber: 'C-2', claimName: 'Breach', claimDate: '2025-01-02', claimDescription: 'Stolen laptop' }],
  ])('an excluded event from the form %j', (data, event) => expect(eventExclusionOf(data)).toEqual(event));
});

describe('the bulk request of the cart', () => {
  const agent = { firstName: 'Alex', lastName: 'Agent', email: 'agent@agency.example', phone: '3035550101' };
  const retail = { retailAgentFirstName: 'Maria', retailAgentLastName: 'Alvarez', retailAgentLicenseNumber: 'W123456' };
  it.each([
    ['IL', retail, {}],
    ['FL', retail, { retailAgentFirstName: 'Maria', retailAgentLastName: 'Alvarez', retailAgentLicenseNumber: 'W123456' }],
  ])('in %s', (riskState, retailAgent, retailFields) => {
    const body = bulkRequestOf(['q1', 'q2'], { id: 'acc-1', agencyId: 'ag-1', riskState, teamId: 'team-1' }, agent, retailAgent);
    expect(body).toEqual({
      quoteIds: ['q1', 'q2'], accountId: 'acc-1', agencyId: 'ag-1', agentFirstName: 'Alex', agentLastName: 'Agent', agentEmail: 'agent@agency.example', agentPhone: '3035550101',
      teamIds: ['team-1'], ...retailFields,
    });
  });

  it.each([
    [{ riskState: 'FL' }, true],
    [{ riskState: 'IL' }, false],
    [{ riskState: null }, false],
  ])('%j asks for the retail agent: %s', (account, asks) => expect(needsRetailAgent(account)).toBe(asks));

  it.each([
    [{ message: 'Failed to send quotes', errors: [{ field: 'quoteIds', message: 'q1: Quote not found.' }, { message: 'q2: Quote not found.' }] }, ['q1: Quote not found.', 'q2: Quote not found.']],
    [{ message: 'Failed to send quotes' }, []],
    [undefined, []],
  ])('the reasons of %j', (body, reasons) => expect(refusalReasons(body)).toEqual(reasons));

  it('names each quote of the cart a reason gives by id with its quote number', () => {
    const body = { message: 'Failed to send quotes', errors: [{ field: 'quoteIds', message: 'q1: Quote not found.' }, { message: 'q9: Quote not found.' }] };
    expect(refusalReasons(body, [{ id: 'q1', quoteNumber: 'Q-2026-000001' }])).toEqual(['Q-2026-000001: Quote not found.', 'q9: Quote not found.']);
  });
});

describe('products and destinations', () => {
  it.each([
    ['us', 'P250', 'P250'],
    ['us', 'P250_S', 'P250_S'],
    ['us', 'P_ONE', 'P100'],
    ['uk', 'P250', 'P_ONE'],
    ['uk', 'P_ONE_PLUS', 'P_ONE_PLUS'],
  ] as const)('in the %s edition a link to %s quotes %s', (edition, wanted, quoted) => {
    const offered = quotableProducts(registry.edition(edition), raterFor(edition));
    expect(productToQuote(wanted, offered)).toBe(quoted);
  });

  it('the UK quotes the Prime One products', () => {
    expect(quotableProducts(registry.edition('uk'), raterFor('uk')).map((product) => product.code)).toEqual(['P_ONE', 'P_ONE_PLUS', 'PRIME_ONE_TECH', 'PRIME_ONE_TECH_PLUS']);
  });

  it.each([
    [['quotes', 'quotes/:quoteId'], '/agency', 'q-1', '/agency/quotes/q-1'],
    [['quotes'], '/agency', 'q-1', '/agency/quotes'],
    [['quotes', 'quotes/:quoteId'], '/admin', undefined, '/admin/quotes'],
  ])('pages %j from %s with quote %s go to %s', (paths, base, id, to) => expect(quoteDestination(paths, base, id)).toBe(to));

  it('a risk the rater cannot quote says why: before the editor when it lacks figures, in the premium when the product refuses it', () => {
    expect(startEditor(raterFor('us'), 'P250', { ...US_RISK, revenue: null }, TODAY)).toEqual({ ok: false, message: 'Account needs more information to enable Request Quote' });
    expect(startEditor(raterFor('uk'), 'P250', US_RISK, TODAY)).toEqual({ ok: false, message: 'Prime 250 is not offered here.' });
    expect(started('P250', { ...US_RISK, industryCode: '713210' }).state.rating).toMatchObject({ ok: false, reason: expect.stringContaining('not available for industry code 713210') });
  });
});
