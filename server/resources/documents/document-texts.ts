/** What the document operations answer (spec 002 section 8 'Policy, certificates, documents'). */
export const DOCUMENT_TEXTS = {
  uploaded: 'File uploaded successfully!',
  deleted: 'Deleted the document successfully',
  notFound: 'An error occurred finding the document. Please try again',
  accountNotFound: 'Failed to load the account details!',
  agencyNotFound: 'The selected agency is invalid.',
  agencyRequired: 'Choose the agency the document belongs to.',
  noFile: 'Choose a file to upload.',
  tooBig: (limit: string) => `The file is larger than ${limit}.`,
  wrongType: 'Only PDF, Word, Excel, CSV, PowerPoint, e-mail (.eml) and image (PNG, JPEG, GIF) files can be uploaded, and the file must be what its name says.',
  unknownDocType: 'Choose a document type from the list.',
} as const;
