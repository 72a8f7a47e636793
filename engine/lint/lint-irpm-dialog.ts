import type { Registry } from '../registry/registry.ts';
import type { FormDefinition, JsonSchema } from '../definitions/types.ts';
import { raterDefinitionsOf } from '../rater/rater-definitions.ts';
import { irpmBoundsOf } from '../rater/irpm.ts';
import { severityOf, type LintFault } from './lint-fault.ts';

/** The underwriter's risk-modifier dialog (definitions/forms/risk-modifier.json). */
export const RISK_MODIFIER_FORM = 'risk-modifier';

/**
 * The risk-modifier dialog shows each characteristic's range and refuses a value outside it before anything
 * is sent, while the rater holds the quote to its irpm-bounds tables (spec 002 section 5): the two must say
 * the same. Every version of every irpm-bounds table a product of the edition uses must match the dialog's
 * minimum, maximum and the range its help shows, so a publish that changes one without the other is refused
 * (the dialog would refuse what the rater takes, or send what it refuses).
 */
export function lintIrpmDialog(registry: Registry): LintFault[] {
  if (registry.get(RISK_MODIFIER_FORM)?.kind !== 'form' || !registry.list('coverage-catalogue').length) return [];
  const faults: LintFault[] = [];
  for (const edition of registry.editions()) {
    let form: FormDefinition;
    let rater;
    try {
      form = registry.resolve<FormDefinition>(RISK_MODIFIER_FORM, edition);
      rater = raterDefinitionsOf(registry, edition);
    } catch {
      continue; // a resolve failure is a load fault, reported by the registry itself
    }
    const properties = (form.schema.properties ?? {}) as Record<string, JsonSchema>;
    const tables = new Set([...rater.products.values()].map((product) => product.rating.irpmBounds));
    for (const name of tables) {
      for (const table of rater.tables.get(name) ?? []) {
        irpmBoundsOf(table).forEach((bound, index) => {
          const property = properties[bound.characteristic];
          const help = (form.uiSchema?.[bound.characteristic] as Record<string, unknown> | undefined)?.['ui:help'];
          const shown = `From ${bound.min}% to ${bound.max}%`;
          if (property?.minimum !== bound.min || property?.maximum !== bound.max || help !== shown) {
            faults.push({
              id: table.id,
              pointer: `/rows/${index}`,
              message: `[${edition}] ${bound.characteristic} is ${bound.min}% to ${bound.max}% here but the ${RISK_MODIFIER_FORM} dialog holds it to ${String(property?.minimum)} to ${String(property?.maximum)} and shows '${String(help)}': change both together (minimum, maximum and ui:help '${shown}')`,
              check: 'irpm-dialog-mismatch',
              severity: severityOf('irpm-dialog-mismatch'),
            });
          }
        });
      }
    }
  }
  return faults;
}
