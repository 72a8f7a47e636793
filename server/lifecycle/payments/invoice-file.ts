import type { Edition, RaterDefinitions } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import type { IssuedFile } from '../../resources/documents/issued-documents.ts';
import type { PolicyRow } from '../policies/policy-repository.ts';
import { policyScheduleOf } from '../schedule/policy-schedule.ts';
import { invoicePdf } from './invoice-document.ts';
import { invoiceFiguresOf } from './invoice-figures.ts';

/** A policy's invoice with what is owed and paid now, as issued with the policy and as downloaded: one rendering for both. */
export async function invoiceFile(db: Queryable, policy: PolicyRow, edition: Edition, rater: RaterDefinitions): Promise<IssuedFile> {
  const figures = await invoiceFiguresOf(db, policy);
  return { fileName: `${figures.invoiceNumber}.pdf`, content: await invoicePdf(policy, await policyScheduleOf(db, policy, rater), figures, edition) };
}
