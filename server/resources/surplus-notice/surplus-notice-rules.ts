/** The states whose surplus lines notice the broker attests before binding (spec 002 section 9 Other details). */
export const SURPLUS_NOTICE_STATES: readonly string[] = ['LA', 'MT'];

/** Whether a quote needs the surplus lines notice attested before it is bound. */
export function needsSurplusNotice(quote: { is_surplus: boolean; risk_state: string | null }): boolean {
  return quote.is_surplus && quote.risk_state !== null && SURPLUS_NOTICE_STATES.includes(quote.risk_state);
}

/** What the surplus notice operations answer (spec 000 section 8 where it gives them). */
export const SURPLUS_NOTICE_TEXTS = {
  notNeeded: 'This quote needs no surplus lines notice: it is not written as surplus lines in Louisiana or Montana.',
  attested: 'Surplus lines notice attested',
  alreadyAttested: 'The surplus lines notice of this quote has already been attested.',
  /** Spec 000 section 8 'Attestation failure'. */
  attestFailed: 'Not able to attest compliance notice at this time.',
  requiredBeforeBinding: (state: string) => `The ${state === 'LA' ? 'Louisiana' : 'Montana'} surplus lines notice must be attested before this quote is bound.`,
} as const;
