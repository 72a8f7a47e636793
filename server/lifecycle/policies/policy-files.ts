import { type Edition, type RaterDefinitions } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import { type QuoteDetailRow } from '../quotes/repository.ts';
import { binderColumns } from './binder-repository.ts';
import { binderPdf, policyCertificatePdf, policyDeclarationsPdf, type CertificateHolder } from './policy-documents.ts';
import { documentFileName } from '../shared/document-names.ts';
import { type IssuedFile } from '../../resources/documents/issued-documents.ts';
import { type PolicyRow } from './policy-repository.ts';
import { policyScheduleOf } from '../schedule/policy-schedule.ts';
import { quoteScheduleOf } from '../schedule/quote-schedule.ts';

/** The binder as issued and downloaded: one rendering for both, so the kept copy is the one a download would give. */
export async function binderFile(quote: QuoteDetailRow, binder: NonNullable<Awaited<ReturnType<typeof binderColumns>>>, rater: RaterDefinitions, edition: Edition): Promise<IssuedFile> {
  return { fileName: documentFileName(quote.company_name, binder.binder_number, 'Binder'), content: await binderPdf({ ...quote, ...binder }, quoteScheduleOf(quote, rater), rater, edition) };
}

/** The policy declarations as the policy stands, as issued and downloaded: one rendering for both. */
export async function declarationsFile(db: Queryable, policy: PolicyRow, rater: RaterDefinitions, edition: Edition): Promise<IssuedFile> {
  return {
    fileName: documentFileName(policy.company_name, policy.policy_number, 'Policy'),
    content: await policyDeclarationsPdf(policy, await policyScheduleOf(db, policy, rater), rater, edition),
  };
}

/** A certificate naming a holder or an additional insured (or none: the plain certificate), as issued and downloaded. */
export async function certificateFile(policy: PolicyRow, holder: CertificateHolder | null, issuedAt: Date, edition: Edition): Promise<IssuedFile> {
  return { fileName: documentFileName(policy.company_name, policy.policy_number, 'Certificate'), content: await policyCertificatePdf(policy, holder, issuedAt, edition) };
}
