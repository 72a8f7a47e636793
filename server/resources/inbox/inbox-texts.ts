/**
 * The inbox's words, in one place: what a message says happened. The spec names the inbox and a message's
 * parts (section 3 Message) but not their wording; these are ours.
 */
export const INBOX_TEXTS = {
  notFound: 'Message not found.',
  starred: 'Message starred',
  unstarred: 'Star removed',
  archived: 'Message archived',
  unarchived: 'Message moved to the inbox',
  labelsSaved: 'Labels saved',
} as const;

/** Subject lines by what happened ('quote.release' …); `{number}` and `{client}` are filled in. */
export const MESSAGE_SUBJECTS: Readonly<Record<string, string>> = {
  'quote.release': 'Quote {number} for {client} is ready',
  'quote.update': 'Quote {number} for {client} was updated by underwriting',
  'quote.patch': 'Quote {number} for {client} was rated again on new account details',
  'quote.decline': 'Quote {number} for {client} was declined',
  'quote.requestToBind': 'Request to bind quote {number} for {client} sent to underwriting',
  'quote.sign': '{client} signed quote {number}',
  'quote.bind': 'Quote {number} for {client} is bound',
  'quote.issue': 'The policy for quote {number} ({client}) was issued',
  'quote.rescind': 'The binder of quote {number} for {client} was rescinded',
  'policy.cancel': 'Policy {number} for {client} is cancelled',
  'policy.flatCancel': 'Policy {number} for {client} is cancelled from inception',
  'policy.void': 'Policy {number} for {client} was voided',
  'policy.undoCancellation': 'Policy {number} for {client} is reinstated',
  'policy.noticeOfCancellation': 'Policy {number} for {client} is under notice of cancellation',
  'payment.failed': 'A payment for policy {number} ({client}) failed',
  'payment.due': 'The premium of policy {number} ({client}) is due today',
  'payment.overdue': 'The premium of policy {number} ({client}) is overdue',
  'submission.assign': 'Submission {number} for {client} is with {assignee}',
  'submission.decline': 'Submission {number} for {client} was declined',
  'submission.nonViable': 'Submission {number} for {client} was marked non-viable',
  'submission.complete': 'Submission {number} for {client} is complete',
};

/**
 * Kinds posted even when the agency did it itself: a request to bind hands the quote to underwriting, and the
 * agency's other agents see in the inbox that it is there (the rest of what the agency does it knows already).
 */
export const POSTED_FOR_OWN_DOINGS: ReadonlySet<string> = new Set(['quote.requestToBind']);

export function messageSubject(kind: string, values: Record<string, string>): string | null {
  const template = MESSAGE_SUBJECTS[kind];
  return template ? template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '') : null;
}
