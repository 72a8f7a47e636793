import { useCallback } from 'react';
import type { EditionId, ListDefinition } from '../../engine/index.ts';
import { useRegistry } from '../definitions/use-registry.ts';

/** Option lists resolved in one edition, for list columns and filters (the registry caches them). */
export function useEditionLists(edition: EditionId) {
  const registry = useRegistry();
  return useCallback(
    (id: string) => (registry.get(id)?.kind === 'list' ? registry.resolve<ListDefinition>(id, edition) : undefined),
    [registry, edition],
  );
}
