import type { EditionId, ListDefinition, Registry } from '../../engine/index.ts';

/** The option lists of one edition, for list columns, filters and cells (the registry caches each resolution). */
export function editionLists(registry: Registry, edition: EditionId): (id: string) => ListDefinition | undefined {
  return (id) => (registry.get(id)?.kind === 'list' ? registry.resolve<ListDefinition>(id, edition) : undefined);
}
