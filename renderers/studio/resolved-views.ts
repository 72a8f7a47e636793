import { createRegistry, type DefinitionSourceDocuments, type EditionId } from '../../engine/index.ts';
import { definitionIdOf, sourceWith, type StudioKey } from './document-keys.ts';

/** 'document' compares the stored JSON; an edition compares what that edition's users get. */
export type DiffView = 'document' | EditionId;

/**
 * A document as one view shows it: itself, or the definition it is (or overlays) resolved in an
 * edition with every other document as it is now. Throws with a readable message when it does not load.
 */
export function viewOf(base: DefinitionSourceDocuments, key: StudioKey, document: unknown, view: DiffView): unknown {
  if (view === 'document') return document;
  const id = definitionIdOf(key);
  if (!id) return document;
  const registry = createRegistry(sourceWith(base, key, document));
  return registry.resolve(id, view);
}

export function viewLabel(view: DiffView): string {
  return view === 'document' ? 'Stored JSON' : `Resolved ${view.toUpperCase()}`;
}
