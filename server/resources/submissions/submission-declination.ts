import type { Services } from '../../services.ts';
import type { SubmissionDeclination } from './repository.ts';

/** The code that reveals a free-text reason replacing the summary (spec 002 section 4 'Loss or decline'). */
export const FILL_IN_CODE = 'FILL_IN_OPTION';

/** Decline code -> label (definitions/lists/submission-decline-codes.json). */
export type DeclineCodeLabels = ReadonlyMap<string, string>;

export interface SubmissionDeclineFields {
  declinationReason?: string;
  declinationReasonDescription?: string;
  fillInDeclinationReason?: string;
}

/**
 * The declination kept on a submission, from the decline dialog's fields (spec 002 section 3 Submission
 * decline): its code, the summary users read (the code's label, or the fill-in text for FILL_IN_OPTION), the
 * description, who and when. Used by the submission's own decline and by a quote decline that takes it along.
 */
export function declinationOf(fields: SubmissionDeclineFields, labels: DeclineCodeLabels, by: string | null, at: Date): SubmissionDeclination {
  const code = String(fields.declinationReason ?? '');
  const fillIn = fields.fillInDeclinationReason?.trim();
  return {
    code,
    summary: code === FILL_IN_CODE && fillIn ? fillIn : (labels.get(code) ?? code),
    description: String(fields.declinationReasonDescription ?? ''),
    by,
    at: at.toISOString(),
  };
}

/** The decline codes' labels as published, read before a transaction opens (an embedded database has one connection). */
export async function declineCodeLabels(definitions: Services['definitions']): Promise<DeclineCodeLabels> {
  const list = (await definitions.current()).registry().get('submission-decline-codes') as { items?: { value: string; label: string }[] } | undefined;
  return new Map((list?.items ?? []).map((item) => [item.value, item.label]));
}
