import type { Definition, ListDefinition, Overlay } from '../definitions/types.ts';
import type { Edition } from './edition-types.ts';
import { applyOverlay } from './apply-overlay.ts';
import { expandFormSchema, type ListLookup } from './expand-schema.ts';
import { interpolateTerms } from './interpolate-terms.ts';

/** An edition with its overlays, keyed by the id of the definition each one changes. */
export interface EditionBundle {
  settings: Edition;
  overlays: Record<string, { overlay: Overlay; file: string }>;
}

/**
 * The definition as users of one edition see it: overlay applied, edition field types and option
 * lists expanded, terms filled in. Pure and deterministic: the same inputs give the same output, which
 * is what the per-edition snapshots record. Lists are resolved for the edition too, so a UK overlay of
 * a list reaches the forms that use it.
 */
export function resolve<T extends Definition>(
  definition: T,
  edition: EditionBundle,
  lists: (id: string) => ListDefinition | undefined = () => undefined,
  file = `definitions/${definition.id}`,
): T {
  const entry = edition.overlays[definition.id];
  const overlaid = entry ? applyOverlay(definition, entry.overlay, entry.file) : structuredClone(definition);
  const listsForEdition: ListLookup = (id) => {
    const list = lists(id);
    return list ? resolve(list, edition, lists, `definitions/lists/${id}`) : undefined;
  };
  const expanded = overlaid.kind === 'form' ? expandFormSchema(overlaid, edition.settings, listsForEdition, file) : overlaid;
  return interpolateTerms(expanded, edition.settings.terms, file) as T;
}
