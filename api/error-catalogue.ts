/**
 * The error catalogue of spec 000 section 8: every user-facing failure text, each written once and used
 * verbatim (typos included: 'Opps!', 'Maintainence', 'after sometime'). Both the client and the server import
 * from here, so a text never drifts between them.
 */

/** General rules (apply to every call). */
export const GENERAL_ERRORS = {
  /** 500, 502, 503 and 504. */
  serverTrouble: 'Our servers seem to be having trouble. Please try again later.',
  /** When the response carries no detail, errors, message or text. */
  fallback: 'An error has occurred. Please try again later.',
  /** Event raised by a 500 or 502 on an auth path. */
  authServerEvent: 'Oops!! Something is Wrong with our Server. Please Try Again after Few Minutes!',
  cancelled: 'Request Cancelled',
  /** Default API error text: the request never got an HTTP answer (network failure). */
  defaultApiError: 'An issue occurred with this request',
  /** Last resort for a failure that is not an API error at all. */
  somethingWentWrong: 'Something went wrong. Please try again later',
} as const;

export const LOGIN_ERRORS = {
  serviceDown: 'Service Down or Under Maintenance',
  invalidCredentials: 'Invalid credentials. Please try again.',
  /** Remembered-device refresh failed. */
  sessionExpired: 'Your current session has expired. Please log back into the platform to refresh your session.',
} as const;

export const FORGOT_PASSWORD_ERRORS = {
  default: 'Not able to reset password at this time. Please try again after sometime.',
  captchaRefresh: 'Please refresh the page.',
  captchaLoad: 'Not able to load captcha at this time',
  captchaVerify:
    'Unable to verify if you are a human or a robot. Please make sure you are on latest version of Chrome or try again after page refresh',
  /** Shown when the captcha is unavailable (spec 000 section 5). */
  captchaUnavailable: 'Cannot reset password at this time. Please try again after sometime.',
} as const;

export const TOKEN_LINK_ERRORS = {
  /** Invite or reset token: 400 or 404. */
  resetLinkExpired:
    "The reset link you're using has expired and you will need to get a new one to continue resetting your password",
  /** Invite or reset token, other statuses: '{status}' is replaced. */
  unexpected: 'An unexpected error has occurred {status}',
  /** Token lookup: 400 or 404. */
  linkExpired: 'Link Expired/Not Found!',
  /** Token lookup: other statuses. */
  credentialsExpired: 'Opps! Looks like your credentials have expired. Contact your account admin to get a new link.',
} as const;

export const JOIN_ERRORS = {
  setupLinkExpired: 'Email Setup Link Expired/Not Found!',
  authorizationFailed: 'Authorization Failed for Token',
  /** Also the sign-up default. */
  serviceUnavailable: 'Service Unavailable. Please try again.',
} as const;

export const WORKFLOW_ERRORS = {
  maintenance: 'Site Under Maintainence!',
  notAuthenticated: 'Not able to authenticate the user.',
} as const;

export const MFA_RESET_ERRORS = {
  invalidCredentials: 'Invalid login credentials. Please reset your password first, if necessary.',
  default: 'Cannot reset password at this time. Please try again later.',
} as const;

export const PAYMENT_ERRORS = {
  default: 'Something went wrong. Try again later.',
  attestation: 'Not able to attest compliance notice at this time.',
  quoteFetch: 'There was an error while retrieving the quote',
} as const;

/** Claims (spec 001 section 8). */
/** MFA enrolment (spec 001 section 8). */
export const MFA_SETUP_ERRORS = {
  qrCode: 'An error has occurred fetching the QR Code. Please try again after some time.',
  sendSms: 'Failure to send SMS. Please try again',
  /** The spec names no text for a failed e-mail; it is worded like the SMS one. */
  sendEmail: 'Failure to send email. Please try again',
  verify: 'Failure to verify {type}. Please try again!',
} as const;

export const CLAIM_ERRORS = {
  save: 'Error saving claim',
  delete: 'Failed to delete claim',
} as const;

export const USER_LOAD_ERROR =
  "An error occurred and we couldn't recover, try logging out and back in. If the issue continues contact support.";

/** Replaces `{name}` placeholders; unknown names are left as they are. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
