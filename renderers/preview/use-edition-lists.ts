import { useMemo } from 'react';
import type { EditionId } from '../../engine/index.ts';
import { editionLists } from '../definitions/edition-lists.ts';
import { useRegistry } from '../definitions/use-registry.ts';

/** Option lists resolved in one edition, for list columns and filters (the registry caches them). */
export function useEditionLists(edition: EditionId) {
  const registry = useRegistry();
  return useMemo(() => editionLists(registry, edition), [registry, edition]);
}
