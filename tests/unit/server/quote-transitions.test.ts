import { describe, expect, it } from 'vitest';
import { availableActions, pastTense, statusAfter, type QuoteAction } from '../../../server/lifecycle/quotes/transitions.ts';

/**
 * The quote's moves (spec 002 section 4 'Quote actions', 'Rules for underwriter actions'), as data: where each
 * action leaves a quote from a status, or null where it may not start. A bound, declined, lost or deleted
 * quote is moved only by the binding work.
 */
const MOVES: Array<[QuoteAction, string, string | null]> = [
  ['request', 'DRAFT', 'READY'],
  ['request', 'READY', null],
  ['refer', 'READY', 'REFERRED'],
  ['refer', 'REFERRED', null],
  ['release', 'REFERRED', 'READY'],
  ['release', 'DECLINED', null],
  ['update', 'INDICATION', 'INDICATION'],
  ['reassess', 'READY', 'READY'],
  ['reassess', 'BOUND', null],
  ['patch', 'READY', 'READY'],
  ['patch', 'REFERRED', null],
  ['decline', 'IN_REVIEW', 'DECLINED'],
  ['decline', 'BOUND', null],
  ['lose', 'EXPIRED', 'LOST'],
  ['lose', 'DRAFT', null],
  ['needBy', 'DRAFT', 'DRAFT'],
  ['sendToPolicyholder', 'READY', 'READY'],
  ['sendToPolicyholder', 'REFERRED', null],
  // A request to bind hands the quote to underwriting (issue 35): REQUESTED, in its inbox, until bound, released or declined.
  ['requestToBind', 'READY', 'REQUESTED'],
  ['requestToBind', 'REQUESTED', null],
  ['release', 'REQUESTED', 'READY'],
  ['decline', 'REQUESTED', 'DECLINED'],
  ['sign', 'READY', 'SIGNED'],
  ['sign', 'REQUESTED', 'SIGNED'],
  ['sign', 'SIGNED', null],
  ['bind', 'REQUESTED', 'BOUND'],
  ['bind', 'READY', 'BOUND'],
  ['bind', 'SIGNED', 'BOUND'],
  ['bind', 'REFERRED', null],
  ['issue', 'BOUND', 'ISSUED'],
  ['issue', 'READY', null],
  ['rescind', 'BOUND', 'RESCIND'],
  ['rescind', 'ISSUED', null],
  ['fees', 'READY', 'READY'],
  ['fees', 'SIGNED', null],
  ['receiveSubjectivity', 'ISSUED', 'ISSUED'],
  ['delete', 'INVALID', 'DELETED'],
  ['delete', 'BOUND', null],
  ['delete', 'ISSUED', null],
  ['note', 'BINDER EXPIRED', 'BINDER EXPIRED'],
  ['note', 'DELETED', null],
];

describe('quote moves', () => {
  it.each(MOVES)('%s from %s: %s', (action, from, to) => {
    expect(statusAfter(action, from)).toBe(to);
  });

  it('offers the underwriter actions only to underwriters', () => {
    expect(availableActions('REFERRED', true)).toEqual(expect.arrayContaining(['release', 'decline', 'reassess', 'riskModifier']));
    expect(availableActions('REFERRED', false)).not.toEqual(expect.arrayContaining(['release']));
    expect(availableActions('REFERRED', false)).not.toContain('decline');
    expect(availableActions('READY', false)).toEqual(expect.arrayContaining(['patch', 'bind', 'sendToPolicyholder', 'requestToBind']));
    expect(availableActions('DELETED', true)).toEqual([]);
  });

  it('names every move in the past tense for its conflict message', () => {
    expect(pastTense('patch')).toBe('updated with new account details');
    expect(pastTense('needBy')).toBe('given a need-by date');
  });
});
