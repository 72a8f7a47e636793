/** The bulk upload's limits and texts (spec 001 sections 5, 8 and 9). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Lines beyond this are recorded as failed, so one file cannot hold the server for long. */
export const UPLOAD_MAX_ROWS = 1000;

export const UPLOAD_TEXTS = {
  tooBig: 'The file size is too big, 5MB max.',
  noFile: 'No file selected for upload.',
  wrongType: 'Upload a .xls, .xlsx or .csv file.',
  unreadable: 'The file could not be read as a spreadsheet.',
  noRows: 'The file holds no accounts below its header row.',
  success: 'Uploaded Successfully',
  notFound: 'Upload not found.',
  agencyRequired: 'Please select a Agency',
  teamNotFound: 'Please select a Team',
  unknownTag: (name: string) => `There is no tag named '${name}'.`,
  noNameColumn: "The file has no 'Account Name' column.",
  tooManyRows: `Only the first ${1000} accounts of a file are uploaded.`,
  nameMissing: 'Account Name is a required field',
  created: 'Created',
  redBlacklisted: (domain: string) => `Red account: the domain ${domain} is blacklisted`,
  redIndustryCode: (code: string) => `Red account: ${code} is not an industry code of the list`,
} as const;
