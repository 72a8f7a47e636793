import { use } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { DefinitionError, type DefinitionSourceDocuments, type Registry } from '../../engine/index.ts';
import { definitionSourceAtom, loadBuiltInDefinitions, registryResultAtom, signInRegistryResultAtom, type RegistryResult } from './registry-atoms.ts';

/**
 * The loaded registry of every definition. The first component that needs it loads the build's
 * definitions (suspending to the nearest Suspense fallback meanwhile); when they do not load, it throws
 * the DefinitionError, whose faults the error boundary lists by file and JSON pointer.
 */
export function useRegistry(): Registry {
  const store = useStore();
  const result = useAtomValue(registryResultAtom);
  if (result) return registryOf(result);
  use(loadBuiltInDefinitions(store));
  return registryOf(afterLoad(store));
}

/**
 * A registry that holds the definition `id` (or, without one, the editions): the one of every definition
 * when it is loaded, else the sign-in page's own when it has `id`, else the full one, loaded as useRegistry
 * does. So /login draws its form without downloading every definition.
 */
export function useRegistryWith(id?: string): Registry {
  const store = useStore();
  const full = useAtomValue(registryResultAtom);
  if (full) return registryOf(full);
  // Read, not subscribed: it never changes, and reading it builds it, which a signed-in page with the full
  // registry should not pay for (it compiles two meta-schemas).
  const signIn = store.get(signInRegistryResultAtom);
  if (!signIn.ok) return registryOf(signIn);
  if (id === undefined || signIn.registry.get(id)) return signIn.registry;
  use(loadBuiltInDefinitions(store));
  return registryOf(afterLoad(store));
}

/** The source documents of the full registry (the studio's base for drafts and diffs); loads them as useRegistry does. */
export function useDefinitionSource(): DefinitionSourceDocuments {
  const store = useStore();
  const source = useAtomValue(definitionSourceAtom);
  if (source) return source;
  use(loadBuiltInDefinitions(store));
  return store.get(definitionSourceAtom)!;
}

type Store = ReturnType<typeof useStore>;

/** The registry built from the build's definitions, read right after they loaded (the hook's own value may be older). */
function afterLoad(store: Store): RegistryResult {
  const result = store.get(registryResultAtom);
  if (!result) throw new Error('The definitions loaded, yet the registry has no source');
  return result;
}

function registryOf(result: RegistryResult): Registry {
  if (!result.ok) throw new DefinitionError(result.faults);
  return result.registry;
}
