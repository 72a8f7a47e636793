import type { Definition } from '../definitions/types.ts';
import type { Edition } from '../editions/edition-types.ts';
import { termsUsedIn } from '../editions/interpolate-terms.ts';
import { severityOf, type LintFault } from './lint-fault.ts';

/** Terms a definition uses that some edition does not define (resolve would fail in that edition). */
export function lintTerms(definition: Definition, editions: Edition[], overlaysUsed: unknown[] = []): LintFault[] {
  const used = termsUsedIn([definition, ...overlaysUsed]);
  return editions.flatMap((edition) =>
    [...used]
      .filter((term) => edition.terms[term] === undefined)
      .map((term) => ({ id: definition.id, pointer: '', message: `term {{${term}}} is missing from the ${edition.id} edition`, check: 'missing-term' as const, severity: severityOf('missing-term') })),
  );
}
