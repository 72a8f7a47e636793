import type { Registry } from '../registry/registry.ts';
import type { EditionId } from '../editions/edition-types.ts';
import { raterDefinitionsOf } from '../rater/rater-definitions.ts';
import { rateQuote } from '../rater/rate-quote.ts';
import type { RatingInput } from '../rater/rating-types.ts';
import type { RaterSampleRisksDefinition } from '../definitions/rater-types.ts';
import { severityOf, type LintFault } from './lint-fault.ts';

/**
 * The rater's definitions checked by rating: each sample risk of a product its edition offers must rate
 * (a draft rating table with a gap refuses its sample risks, and the studio shows why before a publish),
 * and each product an edition offers must have a sample risk.
 */
export function lintRater(registry: Registry, only?: EditionId): LintFault[] {
  const samples = registry.list('rater-sample-risks') as RaterSampleRisksDefinition[];
  if (!registry.list('coverage-catalogue').length) return [];
  const faults: LintFault[] = [];
  for (const edition of only ? [only] : registry.editions()) {
    let rater;
    try {
      rater = raterDefinitionsOf(registry, edition);
    } catch {
      continue; // a resolve failure is a load fault, reported by the registry itself
    }
    const rated = new Set<string>();
    for (const definition of samples) {
      definition.risks.forEach((risk, index) => {
        const input = risk.input as unknown as RatingInput;
        if (input.edition !== edition || !rater.products.has(String(input.product))) return;
        rated.add(String(input.product));
        const outcome = rateQuote(input, rater);
        if (!outcome.ok) {
          faults.push({ id: definition.id, pointer: `/risks/${index}/input${outcome.field ? `/${outcome.field.replace(/\./g, '/')}` : ''}`, message: `[${edition}] sample risk ${risk.id} is refused: ${outcome.reason}`, check: 'sample-risk-refused', severity: severityOf('sample-risk-refused') });
        }
      });
    }
    for (const [code, product] of rater.products) {
      if (!rated.has(code)) faults.push({ id: product.id, pointer: '/code', message: `[${edition}] ${code} has no sample risk to preview and test it with`, check: 'product-without-sample', severity: severityOf('product-without-sample') });
    }
  }
  return faults;
}
