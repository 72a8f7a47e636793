import { UNSAVED_CHANGES_TEXTS } from '../page/unsaved-work.ts';

/** The quote flow's texts, word for word from spec 002 (sections 3, 5 and 8) where it gives them. */
export const QUOTE_FLOW_TEXTS = {
  cartTitle: 'List of Quotes to Request',
  requestAll: 'Request Above Quotes',
  cartGetFailed: 'Failed to get cart',
  cartRemoveFailed: 'Failed to remove quote, please try again',
  cartLimit: 'You have reached 5 request limit, please delete one to add another variation!',
  sendFailed: 'Failed to send quotes',
  sendFailedReasons: 'The quotes could not be requested for the following reason(s):',
  sent: 'Quotes successfully sent',
  refreshNotice: 'Requested quotes can take a moment to appear. Refresh the list if one is missing.',
  securityFailed: 'Failed to update security questions.',
  socialEngineeringFailed: 'Something went wrong.Please try again.',
  triaAttested: 'TRIA rejection is attached with signed application',
  addInsured: 'Add Additional Insured Coverage',
  addedToList: 'Quote added to the list',
  quoteCreated: 'Quote created',
  quoteFailed: 'Failed to create quote',
  addFailed: 'Failed to add quote to the list',
  cartEmpty: 'No quotes in the list yet: use Add to List to keep a variation.',
  /** What the cart limit counts: the variations of the client being quoted (one client per bulk request). */
  cartCount: (count: number, limit: number) => `${count} of ${limit} variations for this client`,
  noTerms: 'This quote has no terms to change.',
  updateQuote: 'Update Quote',
  updateFailed: 'Failed to update quote.',
  updateCancel: 'Cancel',
  securityUnansweredNote: 'Answer the security questions before you quote: they decide whether some coverages may be chosen.',
} as const;

/** A renewal's cover chosen in the editor (spec 002 renewal step custom-quote); the same words as the renewal page's action. */
export const RENEWAL_TEXTS = {
  create: 'Create Renewal Quote',
  failed: 'Failed to create the renewal quote',
  heading: (policyNumber: string, product: string) => `Renewal of Policy ${policyNumber} · ${product}`,
  datesFixed: 'A renewal starts the day the policy ends, for a year.',
} as const;

/** The additional-info step: the product's underwriting application (spec 002 section 2 'additional-info'). */
export const APPLICATION_TEXTS = {
  title: 'Underwriting Application',
  answered: 'Answered',
  notAnswered: 'Not answered',
  notAnsweredNote: 'You may quote now; underwriting asks for the application before binding.',
  answer: 'Answer Application',
  edit: 'Edit Application',
  saved: 'Application saved',
  failed: 'Failed to save the application',
} as const;

/** The state-license step (spec 002 section 2 'state-license'); the spec shows no texts for it. */
export const STATE_LICENSE_TEXTS = {
  title: 'State License',
  youHold: (number: string, state: string, until: string) => `You hold license ${number} in ${state}, valid until ${until}.`,
  youHoldNone: (state: string) => `You hold no license in ${state}. You may quote, but a license in ${state} is needed to bind.`,
  addLicense: 'Add a license',
  agentsLicensed: (state: string) => `Agents of the agency licensed in ${state}:`,
  agentLine: (name: string, number: string, until: string) => `${name}, license ${number}, valid until ${until}`,
  agencyHoldsNone: (state: string) => `No agent of the agency holds a license in ${state}. A license in ${state} is needed to bind.`,
} as const;

/** The follow-up actions of the security questions dialog (spec 002 section 2): the dialog's button says which. */
export type FollowUp = 'quote-now' | 'open-cart' | 'add-to-list';

/** Button labels of the actions, which the security questions dialog takes as its submit label. */
export const FOLLOW_UP_LABELS: Readonly<Record<FollowUp, string>> = {
  'quote-now': 'Quote Now',
  'open-cart': 'View List',
  'add-to-list': 'Add to List',
};

/** Leaving the terms of a quote with changes not sent (spec 002 'UW switching tabs': SWITCH discards, GO BACK stays). */
export const LEAVE_TERMS_TEXTS = {
  question: UNSAVED_CHANGES_TEXTS.question,
  explanation: 'Your changes to the terms are not saved to the quote. Leave and lose them, or go back to them?',
  stayLabel: UNSAVED_CHANGES_TEXTS.goBackLabel,
  leaveLabel: UNSAVED_CHANGES_TEXTS.switchLabel,
} as const;
