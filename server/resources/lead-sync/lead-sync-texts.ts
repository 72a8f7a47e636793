/** The webhook event a lead sync sends. */
export const LEAD_SYNC_EVENT = 'lead.sync';

/** Lead sync's answers: spec 002 section 8 gives the first; the refusals are ours. */
export const LEAD_SYNC_TEXTS = {
  initiated: (name: string) => `Sync Lead initiated for ${name}.`,
  noAgency: 'This account has no agency to send its lead to.',
  noWebhook: (agency: string) => `${agency} has no webhook with a URL to send leads to. Add one on the Webhooks page.`,
} as const;
