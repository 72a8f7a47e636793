/**
 * The bespoke components a page definition may name in a `component` block. The names live in the engine
 * so the lint (studio, publish check, tests) can refuse an unknown one; the renderers' registry maps each
 * name to its React component and the type below makes a missing entry a compile error.
 */
export const PAGE_COMPONENTS = {
  'area-welcome': "The area's name, the user's account and a greeting",
  'staff-tools': "Links to the provider staff's tools",
  'profile-summary': "The signed-in user's own details",
  'mfa-setup': "The user's multi-factor set-up",
  'definition-gallery': 'Every definition as it renders, in both editions',
  'definition-studio': 'The definition studio (edit, preview, lint, publish)',
  'audit-log': 'The audit log',
  'agency-logos': "An agency's small and medium logos: upload, crop on the server, remove",
  'api-activity-overview': "API activity over a period: totals by outcome, durations, a chart of requests, the busiest keys and routes",
  'connector-catalogue': 'The security-tool connectors with their logos: open a sign-in page, or add one with its credential form',
  'connector-microsoft': "The Microsoft connector's header: what it reports, the client account and ADD (the provider's sign-in)",
  'connector-google': "The Google connector's header: what it reports, the client account and ADD (the provider's sign-in)",
  'connector-aws': "The AWS connector's header: what it reports, the client account and ADD (the provider's sign-in)",
  'connector-oauth-callback': "Where a provider's sign-in comes back: the code is exchanged and the connection stored",
  'connector-posture': "A connected tool's latest score, its score history as a chart and the actions to do first",
  'new-account': 'New Account and its two-stage dialog: search the accounts, pick one and add it, or go on to the lookup page',
  'account-lookup': 'The account the search did not find, entered by hand and added (the lookup page)',
  'surplus-notice-templates': "Each state's surplus lines notice: download, and upload for provider admins",
  'profile-picture': "The signed-in user's picture: upload, crop, remove",
  'p250-coverage-editor': "The quote flow of a client account (params from the route: productType, accountId): account summary, product, security questions, the P250 coverage editor with its premium, Quote Now, Add to List and the quote cart; with quoteId, a quote's terms (Update Quote); with policyId, a renewal's cover (Create Renewal Quote)",
  'bulk-upload': 'Bulk upload of accounts: the template, the upload dialog (file, tags, team, red accounts) and the upload records',
  'policy-payment': "The payer's side of a policy's premium by payment status: paid, processed, failed with Make Payment, or the options (pay in full, a saved method, e-check, credit card through the processor's hosted form, ACH or wire details) (params: policyId)",
  'risk-factors': "An account's risk factors as donut charts: the eight factors and the company, industry and portfolio aggregates (params: accountId)",
} as const;

export type PageComponentName = keyof typeof PAGE_COMPONENTS;

export function isPageComponent(name: string): name is PageComponentName {
  return Object.hasOwn(PAGE_COMPONENTS, name);
}
