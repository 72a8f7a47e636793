/** What the quote documents link answers (spec 002 section 8 'Attest' gives the failure to make one). */
export const QUOTE_DOCUMENTS_TEXTS = {
  linkUnavailable: 'Unable to fetch the Quote Documents link',
  linkInvalid: 'This link to the quote documents has expired or is not valid. Please ask for a new one.',
};
