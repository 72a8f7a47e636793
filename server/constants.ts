/**
 * Server constants, each in one place. Spec 000 section 9 gives the console version and the code length;
 * the others are ours (the spec does not show them) and chosen as a professional platform would.
 */
import { DAY, HOUR, MINUTE, SECOND } from './clock.ts';

export const CONSOLE_VERSION = '2.467.1';

export const ACCESS_TOKEN_TTL_MS = 15 * MINUTE;
/** Refresh token lifetime of a browser session (not remembered). Each rotation restarts it. */
export const SESSION_REFRESH_TTL_MS = 12 * HOUR;
/** Refresh token lifetime when the user ticked remember-this-device. */
export const REMEMBERED_REFRESH_TTL_MS = 30 * DAY;
/** A one-time-code workflow session ends this long after the code was exchanged; refreshing does not extend it. */
export const WORKFLOW_SESSION_TTL_MS = 30 * MINUTE;

/**
 * Requests one caller (a bearer token, else an address) may make in a minute before answers are 429 with
 * Retry-After: far above what a person at the console makes (a page is ten to thirty calls), low enough to
 * stop a script from flooding the server. RATE_LIMIT_PER_MINUTE overrides it (load tests raise it).
 */
export const DEFAULT_REQUESTS_PER_MINUTE = 3000;

export const MFA_CODE_LENGTH = 6;
export const MFA_CODE_TTL_MS = 5 * MINUTE;
export const MFA_CODE_MAX_ATTEMPTS = 3;

/**
 * Sign-in throttling (OWASP authentication guidance): failures lock an (account, address) pair and an
 * address, never the account itself, so nobody can lock a user out from elsewhere. Failures for an account
 * from everywhere only slow its answers down, the right password still gets in from a new address.
 */
/** Failed sign-ins for one account from one address within the window before that pair is locked. */
export const PAIR_FAILURE_LIMIT = 5;
/** Failed sign-ins from one address within the window before that address is refused. */
export const ADDRESS_FAILURE_LIMIT = 20;
/** Failed sign-ins for one account (from anywhere) within the window before its answers are slowed down. */
export const ACCOUNT_SLOWDOWN_AFTER = 10;
/** The delay doubles with every further failure, from this step up to the cap. */
export const ACCOUNT_SLOWDOWN_STEP_MS = 250;
export const ACCOUNT_SLOWDOWN_MAX_MS = 4 * SECOND;
export const THROTTLE_WINDOW_MS = 15 * MINUTE;
export const THROTTLE_LOCK_MS = 15 * MINUTE;

/** Wrong codes for one workflow before it locks; asking for a new code (sent to the owner) unlocks it. */
export const WORKFLOW_FAILURE_LIMIT = 5;
/** New codes one workflow may send per day: with the lock, at most 5 x 3 guesses a day, not thousands. */
export const WORKFLOW_CODES_PER_DAY = 5;
/** Wrong workflow codes from one address within the throttle window before that address is refused. */
export const WORKFLOW_ADDRESS_FAILURE_LIMIT = 10;

/** Password rules (the sign-up placeholder says minimum 8 characters). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const DEMO_PASSWORD = 'Demo-Password-2026!';

/** Sign-up and join links (invitations). */
export const INVITATION_TTL_MS = 7 * DAY;
/** Wrong invitation codes before a NEW_ACCOUNT invitation is void. */
export const INVITATION_CODE_MAX_FAILURES = 5;
/** Confirm-user links (invited user sets a password; also the validation e-mail). */
export const INVITE_LINK_TTL_MS = 7 * DAY;
export const PASSWORD_RESET_TTL_MS = HOUR;
export const MFA_RESET_TTL_MS = HOUR;
/** One-time tokens that open a session in another account (jump, switch, /loading/{token}). */
export const ENTER_TOKEN_TTL_MS = 2 * MINUTE;
/** A link of the same kind is not e-mailed again to the same user within this time (no mail bombing). */
export const LINK_RESEND_INTERVAL_MS = MINUTE;
/** An MFA change started with PUT mfa/update must be verified within this time. */
export const MFA_ENROLMENT_TTL_MS = 10 * MINUTE;

/**
 * Proof-of-work captcha: sha256(salt + nonce) must start with this many zero bits. 14 bits is about 16,000
 * hashes on average, well under a second in a browser, yet it makes scripted bulk requests costly.
 */
export const CAPTCHA_DIFFICULTY_BITS = 14;
export const CAPTCHA_TTL_MS = 5 * MINUTE;

/** Rows of a list page when the request names no size (the tables' first page size). */
export const DEFAULT_LIST_PAGE_SIZE = 25;
/**
 * At most this many matching rows, a list declared for scale (ListSpec.countFrom) reads its page from the
 * matches' keys, not by walking the sort's index: walking a million rows to find a rare match costs far
 * more than joining and sorting a thousand (bench:search's quote-number search: 700 ms walking, 5 ms so).
 * Much above a thousand, joining every match before the sort costs more than the walk saves.
 */
export const LIST_FEW_MATCHES = 1_000;
/** Accounts offered when a claim is reported (the picker searches by name beyond these). */
export const CLAIM_ACCOUNTS_LIMIT = 200;
/** Longest X-Timezone header read (IANA names are far shorter); a longer one counts as absent. */
export const TIME_ZONE_HEADER_MAX_LENGTH = 64;

/**
 * An aggregator's (digital agency's) console host is the subdomain its form asks for plus this fixed suffix,
 * appended on save (spec 001 section 3 Aggregator, section 5 Aggregator).
 */
export const AGGREGATOR_HOSTNAME_SUFFIX = '.cyberconsole.example';

/** Spec 002 section 9: the quote cart holds at most 5 quotes. */
export const QUOTE_CART_LIMIT = 5;
/** How long a READY quote is offered before it expires (ours: the spec does not say), in days after it is rated. */
export const QUOTE_OFFER_DAYS = 30;
/** A quote sent to its policyholder can be opened by its one-time-code link this long (and never after the quote expires). */
export const POLICYHOLDER_LINK_TTL_MS = 30 * DAY;
/** How long a link to a quote's documents (createQuoteDocumentsLink) opens them without signing in. */
export const QUOTE_DOCUMENTS_LINK_TTL_MS = 3 * DAY;

/**
 * Spec 002 section 9 'profile score of at least 4 to quote' (section 5 Quoting eligibility: Request Quote is
 * disabled below it). The score counts the account profile's key firmographics
 * (server/resources/account-profile/profile-score.ts).
 */
export const PROFILE_SCORE_TO_QUOTE = 4;

/** How long a binder holds cover before it must be issued as a policy (ours: the spec does not say), in days after binding. */
export const BINDER_VALID_DAYS = 30;
/** An in-force policy is open for renewal this many days before it ends (ours: the spec names the filter, not the window). */
export const RENEWAL_WINDOW_DAYS = 90;
/** The agency's commission on premium when its agreement does not say otherwise (a fraction). */
export const DEFAULT_COMMISSION_RATE = '0.15';

/** Payments (spec 000 policy payment page; spec 002 section 3). */
/** A processor's webhook signed longer ago (or later) than this is refused: with the event ledger, no replay. */
export const PAYMENT_WEBHOOK_TOLERANCE_S = 300;
/** The premium is due this many days after the policy is issued. */
export const PAYMENT_DUE_DAYS = 30;
/**
 * Invoice reminders (spec 002 section 2 'Payment reminder', section 7 toggle/invoiceReminder): the days from
 * the premium's due date on which the payer is e-mailed while money is still due (negative: before it). Ours:
 * a week ahead, on the day, and one and two weeks late; a deployment sets its own in this one place.
 */
export const INVOICE_REMINDER_OFFSETS: readonly number[] = [-7, 0, 7, 14];
/** How often each server looks for invoice reminders to send (the sweep is idempotent: two servers may both run it). */
export const INVOICE_REMINDER_SWEEP_MS = 15 * MINUTE;
/**
 * Renewal reminders (server/lifecycle/reminders/renewal/): how many days before a policy's end date its agent
 * is e-mailed to renew it, each at most once per policy. Ours (the spec names mute renewal reminders, not the
 * days): 60 days leaves time to re-rate and re-underwrite the account, 30 is when a renewal is usually quoted and
 * sent, 7 is a last call before cover lapses. All fall inside RENEWAL_WINDOW_DAYS, so Renew is offered when the
 * mail arrives.
 */
export const RENEWAL_REMINDER_LEAD_DAYS: readonly number[] = [60, 30, 7];
/** How often each server looks for renewal reminders to send (claimed per policy and lead time: two servers may both run it). */
export const RENEWAL_REMINDER_SWEEP_MS = 15 * MINUTE;
/** A claimed reminder not marked sent within this long (its server died mid-sweep) may be claimed again. */
export const RENEWAL_REMINDER_CLAIM_MS = 10 * MINUTE;
/** At most this many reminders are claimed in one go, so a sweep never holds many policy rows locked at once. */
export const RENEWAL_REMINDER_BATCH = 50;
/**
 * Webhook deliveries (server/resources/webhooks/deliver-webhooks.ts): an event is sent to an organisation's
 * webhook until its receiver answers 2xx. A failed attempt is retried after each of these delays in turn
 * (ours: half a minute to six hours, about seven hours in all); after the last it is Failed. A receiver gets
 * this long to answer one attempt; the sweep looks for due deliveries this often, at most this many at once.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR];
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 10 * SECOND;
export const WEBHOOK_DELIVERY_SWEEP_MS = 3 * SECOND;
export const WEBHOOK_DELIVERY_BATCH = 20;
/** The headers a delivery carries: its id (receivers deduplicate by it), the webhook's client id, the signature. */
export const WEBHOOK_HEADERS = { id: 'webhook-id', clientId: 'webhook-client-id', signature: 'webhook-signature' } as const;

/**
 * On SIGTERM or SIGINT the server drains: requests in flight get this long to finish before the process gives
 * up on them and exits non-zero (server/shutdown.ts). Ample for the console's requests (a PDF or a CSV takes a
 * fraction of a second) and within the 30 s Kubernetes allows before its SIGKILL (`docker stop` allows 10 s: give
 * it `--time 15`).
 */
export const SHUTDOWN_GRACE_MS = 10 * SECOND;
/** The sandbox processor settles a charge (processing to succeeded or failed) after this long. */
export const SANDBOX_SETTLE_MS = 2 * SECOND;
/** How often the sandbox processor settles due charges and retries webhooks the console did not take. */
export const SANDBOX_SWEEP_MS = 1 * SECOND;
/** A webhook the console did not take is posted again after this, at most SANDBOX_WEBHOOK_ATTEMPTS times in all. */
export const SANDBOX_WEBHOOK_RETRY_MS = 30 * SECOND;
export const SANDBOX_WEBHOOK_ATTEMPTS = 10;
/** A hosted payment form left open this long expires. */
export const SANDBOX_CHECKOUT_TTL_MS = 30 * MINUTE;
/** Instalment plan (spec 000 section 9): 10 instalments. */
export const FINANCING_INSTALLMENTS = 10;

/**
 * Where a payer sends an ACH or wire transfer (spec 002 'Bank details (ACH/wire)'). Illustrative details of
 * the demo provider, not a real account: a deployment sets its own in this one place.
 */
export const PAYEE_BANK_DETAILS = {
  us: {
    bank: 'First Meridian Bank (demo)', routing: '110000000', account: '000987654321', accountName: 'Cyber Console Premium Trust Account',
    accountType: 'Business Checking', swift: 'FMBKUS33', phone: '(303) 555-0100', email: 'billing@cyberconsole.example',
    address: '1700 Lincoln Street, Denver, CO 80203',
  },
  uk: {
    bank: 'Albion Commercial Bank (demo)', routing: '40-00-00', account: '12345678', accountName: 'Cyber Console Ltd Client Money Account',
    accountType: 'Client Money (Business Current)', swift: 'ALBNGB2L', phone: '+44 2079 460100', email: 'billing@cyberconsole.example.uk',
    address: '1 Threadneedle Street, London EC2R 8AH',
  },
} as const;
/** Spec 000 section 9: the first instalment's reference date is 7 days after the plan starts (one day later it is due). */
export const FINANCE_FIRST_DUE_DAYS = 7;
/** Spec 002 'Premium financing': the payer may disaffirm within 10 days; full payment is then due within 30. */
export const FINANCE_DISAFFIRM_DAYS = 10;
export const FINANCE_DISAFFIRMED_PAYMENT_DAYS = 30;
/** Spec 002 section 9: 10 monthly instalments (the offer's default) within a 12-month term from the plan's start. */
export const FINANCE_DEFAULT_INSTALLMENTS = 10;
export const FINANCE_TERM_MONTHS = 12;

/** Commissions (spec 002 section 9; the minimum amount of 1 is the commission-payment form's). */
/** A payout token from the processor may pay once, within this long after the payment dialog opened. */
export const SANDBOX_PAYOUT_TOKEN_TTL_MS = 15 * MINUTE;
/** The statement and agency-bill invoice picker: years from 2020 (spec 002 'Date floor 2020-01-01'), at most this many. */
export const COMMISSION_DOCUMENT_FIRST_YEAR = 2020;
export const COMMISSION_DOCUMENT_MAX_YEARS = 7;

/**
 * Documents (spec 002 section 3 'Documents'): the document types offered on upload, label to value (the
 * lookup map the docTypes call answers), and the set offered for a claim's documents instead.
 */
export const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  'Application': 'APPLICATION',
  'Signed Application': 'SIGNED_APPLICATION',
  'Quote Proposal': 'QUOTE_PROPOSAL',
  'Binder': 'BINDER',
  'Policy': 'POLICY',
  'Endorsement': 'ENDORSEMENT',
  'Certificate': 'CERTIFICATE',
  'Loss Runs': 'LOSS_RUNS',
  'Invoice': 'INVOICE',
  'Payment Receipt': 'RECEIPT',
  'Notice of Cancellation': 'NOTICE_OF_CANCELLATION',
  'Surplus Lines Notice': 'SURPLUS_NOTICE',
  'Security Assessment': 'SECURITY_ASSESSMENT',
  'Subjectivity': 'SUBJECTIVITY',
  'Correspondence': 'CORRESPONDENCE',
  'Other': 'OTHER',
};
/** Types only the product generates (never uploaded): their labels in the library. */
export const GENERATED_DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  'Commission Statement': 'COMMISSION_STATEMENT',
  'Agency Bill Invoice': 'AGENCY_BILL_INVOICE',
};
export const CLAIM_DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  'First Notice of Loss': 'FIRST_NOTICE_OF_LOSS',
  'Incident Report': 'INCIDENT_REPORT',
  'Forensic Report': 'FORENSIC_REPORT',
  'Invoice': 'CLAIM_INVOICE',
  'Proof of Loss': 'PROOF_OF_LOSS',
  'Correspondence': 'CLAIM_CORRESPONDENCE',
  'Other': 'CLAIM_OTHER',
};
/** The most an uploaded document may weigh. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Paper a policy form is filed for (spec 002 'Forms': supportedPaper), as carriers write it (carrier profiles). */
export const PAPER_TYPES: Readonly<Record<'ADMITTED' | 'SURPLUS', string>> = { ADMITTED: 'Admitted', SURPLUS: 'Surplus Lines' };
/** The forms library's search answers up to this many forms at once (spec 002 section 7: forms/search, size 2000). */
export const LIBRARY_FORMS_MAX_PAGE_SIZE = 2000;

/**
 * Notice of cancellation (spec 002 'Policy actions'; section 7 noc/reason): the reasons a notice may give and
 * the days of notice each requires before the cancellation takes effect (illustrative statutory periods: ten
 * days for non-payment, thirty otherwise; a deployment sets its own in this one place).
 */
export const NOC_REASONS: Readonly<Record<string, { label: string; noticeDays: number }>> = {
  NON_PAYMENT: { label: 'Non-payment of premium', noticeDays: 10 },
  MATERIAL_MISREPRESENTATION: { label: 'Material misrepresentation', noticeDays: 30 },
  SUBSTANTIAL_CHANGE_IN_RISK: { label: 'Substantial change in risk', noticeDays: 30 },
  FAILURE_TO_COMPLY: { label: 'Failure to comply with policy terms', noticeDays: 30 },
};

/**
 * Endorsement window (spec 002 section 9: 'Endorsement window: 14 days back and 30 days forward'; section 4:
 * 'jumped provider users may choose any endorsement date'): the days before and after today an endorsement
 * may take effect, always within the policy period.
 */
export const ENDORSEMENT_WINDOW = { daysBack: 14, daysForward: 30 } as const;

/**
 * Extended reporting period (spec 002 section 7: POST P250/erp, GET P250/erp/premium/{policyId}): after a
 * policy ends without renewal (expired or cancelled), the insured may buy more time to report claims for
 * events of the policy period, within ERP_PURCHASE_DAYS of the end. The premium is a share of the policy's
 * annual premium; the spec gives no figures, so these are illustrative market terms.
 */
export const ERP_OPTIONS: ReadonlyArray<{ months: number; percentOfAnnualPremium: number }> = [
  { months: 12, percentOfAnnualPremium: 100 },
  { months: 24, percentOfAnnualPremium: 150 },
  { months: 36, percentOfAnnualPremium: 175 },
];
export const ERP_PURCHASE_DAYS = 60;

/** The provider's name as the generated documents carry it (author and footer of every PDF). */
export const DOCUMENT_PROVIDER = 'Cyber Console';

/** Cover starts and ends at this time of day, local to the insured's address: printed as 12:01 AM in the US, 00:01 in the UK. */
export const INCEPTION_TIME = '00:01';
