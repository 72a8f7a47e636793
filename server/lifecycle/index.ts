/**
 * The policy lifecycle's one public entry: quotes and their review, subjectivities and account questions,
 * binding and policies, issuing, payments, financing, the invoice and renewal reminders and the surplus
 * notice, around the schedule of record (schedule/). Code outside server/lifecycle/ imports the area from
 * here only; the sub-modules import each other directly, one way (`npm run lint:deps` refuses cycles and
 * imports that reach past this file). Handlers and migrations are not exported: the server finds them in the
 * sub-modules' folders (contract/discover-handlers.ts, db/migrate.ts).
 */

// calendar/
export { openForRenewal, settleCalendar } from './calendar/policy-calendar.ts';

// shared/
export { documentFileName, mailingAddressLine, type MailingAddress } from './shared/document-names.ts';

// ledger/
export { amountDueOf } from './ledger/financing-repository.ts';
export { invoiceNumberOf, paymentDueDate } from './ledger/invoice-terms.ts';
export { nextTransactionNumber, toTransaction, transactionById, type TransactionRow } from './ledger/transaction-repository.ts';

// quotes/
export { findQuotableAccount, ukNationOf, type AccountRisk } from './quotes/account-risk.ts';
export { proposalDownload } from './quotes/proposal-download.ts';
export { publishedRater, rateOrRefuse, ratingInputOf, type QuoteRequestBody } from './quotes/quote-rating.ts';
export { ratedColumns } from './quotes/quote-store.ts';
export { QUOTE_TEXTS } from './quotes/quote-texts.ts';
export { findOfferedQuote, findReadableQuote, findVisibleQuote } from './quotes/repository.ts';

// quote-review/
export { policyholderUser, quoteReviewWorkflow, type Policyholder } from './quote-review/policyholder-access.ts';

// policies/
export { movePolicy, type PolicyUpdate } from './policies/policy-changes.ts';
export { findVisiblePolicy, nextBinderNumber, nextPolicyNumber, policyTenant, requireVisiblePolicy, type PolicyRow } from './policies/policy-repository.ts';
export { POLICY_TEXTS } from './policies/policy-texts.ts';
export { canMovePolicy, IN_FORCE, PAYABLE, policyPastTense, statusOnDay, type PolicyAction } from './policies/policy-transitions.ts';

// payments/
export { keepReceipt } from './payments/issued-receipts.ts';
export { PayoutRefusal, type PaymentProcessor } from './payments/payment-processor.ts';
export { sharedPaymentProcessor } from './payments/processor-registry.ts';
export { SANDBOX_NAME } from './payments/sandbox-processor.ts';
export { scheduleSandboxSettlement } from './payments/sandbox-settlement-timer.ts';
export { signWebhook } from './payments/webhook-signature.ts';

// reminders/invoice/
export { REMINDED_STATUSES } from './reminders/invoice/reminder-schedule.ts';
export { scheduleInvoiceReminders } from './reminders/invoice/reminder-timer.ts';

// reminders/renewal/
export { scheduleRenewalReminders } from './reminders/renewal/renewal-reminder-timer.ts';
