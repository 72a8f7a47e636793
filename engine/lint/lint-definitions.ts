import type { FormDefinition, PageDefinition, TableDefinition } from '../definitions/types.ts';
import { lintPage, type PageLookups } from './lint-page.ts';
import type { Registry } from '../registry/registry.ts';
import type { EditionId } from '../editions/edition-types.ts';
import { lintForm } from './lint-form.ts';
import { lintTerms } from './lint-terms.ts';
import { lintFormContract, lintTableContract, type ContractOperations } from './lint-contract.ts';
import type { LintFault } from './lint-fault.ts';
import { lintRater } from './lint-rater.ts';
import { lintIrpmDialog } from './lint-irpm-dialog.ts';
import { lintUserTexts } from './lint-user-texts.ts';

/**
 * The one lint, used by the studio, the server (before a publish) and the test suite. Forms are linted
 * as each edition resolves them, since an overlay can add or remove fields; the API contract is checked
 * when one is given.
 */
export function lintRegistry(registry: Registry, operations?: ContractOperations): LintFault[] {
  const editions = registry.editions().map((id) => registry.edition(id));
  const faults: LintFault[] = [];
  for (const definition of registry.list()) {
    faults.push(...lintTerms(definition, editions));
    for (const edition of registry.editions()) {
      let resolved;
      try {
        resolved = registry.resolve(definition.id, edition);
      } catch {
        continue; // a resolve failure is a load fault, reported by the registry itself
      }
      const tag = (fault: LintFault) => ({ ...fault, message: `[${edition}] ${fault.message}` });
      faults.push(...lintUserTexts(resolved).map(tag));
      if (resolved.kind === 'form') {
        faults.push(...lintForm(resolved as FormDefinition).map(tag));
        if (operations) faults.push(...lintFormContract(resolved as FormDefinition, operations).map(tag));
      }
      if (resolved.kind === 'table' && operations) faults.push(...lintTableContract(resolved as TableDefinition, operations).map(tag));
      if (resolved.kind === 'page') faults.push(...lintPage(resolved as PageDefinition, lookupsIn(registry, edition), operations).map(tag));
    }
  }
  faults.push(...lintRater(registry));
  faults.push(...lintIrpmDialog(registry));
  return dedupe(faults);
}

/** The edition's resolved tables and forms, for the checks of a page. */
function lookupsIn(registry: Registry, edition: EditionId): PageLookups {
  const resolvedOfKind = <T,>(id: string, kind: string): T | undefined => {
    if (registry.get(id)?.kind !== kind) return undefined;
    try {
      return registry.resolve(id, edition) as T;
    } catch {
      return undefined;
    }
  };
  return { table: (id) => resolvedOfKind<TableDefinition>(id, 'table'), form: (id) => resolvedOfKind<FormDefinition>(id, 'form') };
}

function dedupe(faults: LintFault[]): LintFault[] {
  const seen = new Map<string, LintFault>();
  for (const fault of faults) {
    const key = `${fault.id}${fault.pointer}${fault.message.replace(/^\[\w+\] /, '')}`;
    if (!seen.has(key)) seen.set(key, fault);
  }
  return [...seen.values()];
}
