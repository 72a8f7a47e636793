/** The texts of a quote's subjectivities (server/lifecycle/subjectivities), as users read them. */
export const SUBJECTIVITY_TEXTS = {
  added: 'Subjectivity added',
  received: 'Subjectivity marked received',
  removed: 'Subjectivity removed',
  notFound: 'Subjectivity not found',
  quoteNotFound: 'Quote not found',
  textRequired: 'Subjectivity is a required field',
  alreadyReceived: 'This subjectivity was already marked received.',
  notChangeable: (status: string) => `Subjectivities cannot be changed while the quote is ${status}.`,
} as const;
