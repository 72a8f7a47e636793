/**
 * The session's and shell's timings and fixed values (spec 000 section 9), written once. Pages import
 * them from here rather than repeating a number.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The loading page waits this long before going to the dashboard ('Post-login loading delay 800 ms'). */
export const LOADING_REDIRECT_DELAY_MS = 800;
/** The cookie consent bar appears this long after the page opens. */
export const COOKIE_CONSENT_DELAY_MS = 1.5 * SECOND;
/** A consent answer is asked again after six months. */
export const COOKIE_CONSENT_MAX_AGE_SECONDS = 183 * 24 * 60 * 60;
/** The console version is checked this often. */
export const VERSION_POLL_INTERVAL_MS = 60 * SECOND;
/** The server-down page reloads itself after this long. */
export const MAINTENANCE_RELOAD_MS = 30 * SECOND;
/** The signed-in user's data counts as fresh this long. */
export const CURRENT_USER_STALE_MS = 10 * MINUTE;
/** A page table's list counts as fresh this long (spec 001 section 9: 'Query stale time 1 minute'). */
export const LIST_STALE_MS = 1 * MINUTE;
/** The environment answer is cached this long (in session storage). */
export const ENVIRONMENT_CACHE_MS = 30 * MINUTE;
/** Permissions and feature flags: re-read on the same schedule as the user. */
export const PERMISSIONS_STALE_MS = 10 * MINUTE;
export const FEATURE_FLAGS_STALE_MS = 10 * MINUTE;
/** The user's own preferences change only by the user, in this browser or another: read again after a while. */
export const PREFERENCES_STALE_MS = 10 * MINUTE;
/** A dialog named in a link's query string opens this long after the page loads (spec 002 section 9: 'Modal auto-open delay 1.5 s'). */
export const MODAL_OPEN_DELAY_MS = 1.5 * SECOND;
/** Logout modal close delay. */
export const LOGOUT_MODAL_CLOSE_DELAY_MS = 500;
/** Search throttle for type-ahead lookups (the team selector). */
export const SEARCH_THROTTLE_MS = 200;

/** After MFA is set up on the profile page, an insured user goes to the customer dashboard this long later (spec 001). */
export const MFA_SETUP_REDIRECT_DELAY_MS = 2 * SECOND;
/** Multi-factor and one-time codes have this many characters. */
export const ONE_TIME_CODE_LENGTH = 6;

/**
 * The one stored preference kept when signing out: the colour theme (next-themes' key). Everything else
 * in local and session storage goes.
 */
export const KEPT_PREFERENCE_KEY = 'theme';
/** The cookie that remembers the cookie-consent answer (a cookie, so signing out keeps it). */
export const COOKIE_CONSENT_COOKIE = 'cookieConsent';
/** Session storage keys. */
export const STORAGE_KEYS = {
  environment: 'session.environment',
  team: 'session.team',
  incidentDismissed: 'session.incidentBannerDismissed',
} as const;

/** Feature flag names (spec 000 section 6) the session and shell read. */
export const FLAGS = {
  rememberDevice: 'remember-device',
  maintenance: 'maintenance-mode',
  maintenanceUs: 'maintenance-mode-us',
  maintenanceUk: 'maintenance-mode-uk',
  incidentBanner: 'incident-banner',
  ukEnvironment: 'uk-environment',
} as const;

/** Where the links of the legal notices and the status go: pages of the console itself; Chrome is outside. */
export const LINKS = {
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  statusPage: '/status',
  chromeDownload: 'https://www.google.com/chrome/',
} as const;

/** The team selector's value for every team. */
export const ALL_TEAMS = 'ALL';

/** The quote cart holds this many variations (spec 002 section 9 'Cart: 5 quotes'; the server refuses a sixth). */
export const QUOTE_CART_LIMIT = 5;
/** After the cart's quotes are requested, the user goes to the quotes list this long later (spec 002 section 9 'Redirect after cart request 2 s'). */
export const CART_REDIRECT_DELAY_MS = 2 * SECOND;
/** A notice that the requested quotes may take a moment to appear shows this long after the request (spec 002 section 9 'Cart refresh notice after 10 s'). */
export const CART_REFRESH_NOTICE_DELAY_MS = 10 * SECOND;
