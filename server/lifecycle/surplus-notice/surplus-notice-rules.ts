/** The states whose surplus lines notice the broker attests before binding (spec 002 section 9 Other details). */
export const SURPLUS_NOTICE_STATES: readonly string[] = ['LA', 'MT'];

/** Whether a quote needs the surplus lines notice attested before it is bound. */
export function needsSurplusNotice(quote: { is_surplus: boolean; risk_state: string | null }): boolean {
  return quote.is_surplus && quote.risk_state !== null && SURPLUS_NOTICE_STATES.includes(quote.risk_state);
}

/** The one-time-code flow that leads a surplus lines broker to a quote's notice (spec 000 /validate: 'review and sign'). */
export const SURPLUS_NOTICE_FLOW = 'SURPLUS_NOTICE';

const stateName = (state: string) => (state === 'LA' ? 'Louisiana' : 'Montana');

/** What the surplus notice operations answer (spec 000 section 8 where it gives them). */
export const SURPLUS_NOTICE_TEXTS = {
  notNeeded: 'This quote needs no surplus lines notice: it is not written as surplus lines in Louisiana or Montana.',
  attested: 'Surplus lines notice attested',
  alreadyAttested: 'The surplus lines notice of this quote has already been attested.',
  /** Spec 000 section 8 'Attestation failure'. */
  attestFailed: 'Not able to attest compliance notice at this time.',
  requiredBeforeBinding: (state: string) => `The ${stateName(state)} surplus lines notice must be attested before this quote is bound.`,
  sent: (email: string) => `Surplus lines notice sent to ${email} for review and signature.`,
  noLicense: (state: string) => `There is no ${stateName(state)} surplus lines license to send the notice to. Please add one on the Licenses page first.`,
  brokerOfOtherOrganisation: (email: string) =>
    `The broker's address on the surplus lines license (${email}) belongs to a user of another organization. Please correct the license.`,
  brokerDisabled: (email: string) => `The access of the surplus lines broker (${email}) is disabled. Please ask the administrator to enable it.`,
  brokerMayNotBind: (email: string) =>
    `The surplus lines broker (${email}) may not bind quotes, so they could not attest the notice. Please give them a role that binds or correct the license.`,
} as const;
