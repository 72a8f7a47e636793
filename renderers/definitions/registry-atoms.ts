import { atom, type createStore } from 'jotai';
import { createRegistry, DefinitionError, type DefinitionFault, type DefinitionSourceDocuments, type Registry } from '../../engine/index.ts';
import { signInSource } from './sign-in-source.ts';

export type RegistryResult = { ok: true; registry: Registry } | { ok: false; faults: DefinitionFault[] };

type Store = ReturnType<typeof createStore>;

/** The definitions shipped with the build, once loaded (loadBuiltInDefinitions); null before. */
const builtInSourceAtom = atom<DefinitionSourceDocuments | null>(null);
/** Documents fetched from the server (published versions), once they loaded and passed (server-source.ts). */
const publishedSourceAtom = atom<DefinitionSourceDocuments | null>(null);

/**
 * Where the definitions come from: the server's published documents once fetched, else the build's files
 * once loaded, else null (nothing has needed them yet: the sign-in page runs on signInRegistryResultAtom).
 * Setting it to documents fetched from the server re-resolves every form and table without a rebuild.
 */
export const definitionSourceAtom = atom(
  (get) => get(publishedSourceAtom) ?? get(builtInSourceAtom),
  (_get, set, source: DefinitionSourceDocuments) => set(publishedSourceAtom, source),
);

/** The registry built from the source, or the faults that stopped it (shown, never a blank page); null until a source is there. */
export const registryResultAtom = atom<RegistryResult | null>((get) => {
  const source = get(definitionSourceAtom);
  return source ? buildRegistry(source) : null;
});

/** The sign-in page's registry (the login form and the editions), ready at the first render. */
export const signInRegistryResultAtom = atom<RegistryResult>(() => buildRegistry(signInSource()));

export { editionIdAtom } from './edition-atom.ts';

const loads = new WeakMap<Store, Promise<void>>();

/**
 * Loads the build's definitions into the store, once (the chunk bundled-source.ts is only fetched here).
 * A failed fetch (the network, a deploy that replaced the chunk) is forgotten, so the next need tries again.
 */
export function loadBuiltInDefinitions(store: Store): Promise<void> {
  let load = loads.get(store);
  if (!load) {
    load = import('./bundled-source.ts').then(
      (module) => store.set(builtInSourceAtom, module.bundledSource()),
      (error: unknown) => {
        loads.delete(store);
        throw error;
      },
    );
    loads.set(store, load);
  }
  return load;
}

/** Registries by their source: the published definitions are built once to check them and once more as the source. */
const built = new WeakMap<DefinitionSourceDocuments, RegistryResult>();

/** The registry of `source`, built once per source object (a registry is immutable, so it is shared). */
export function buildRegistry(source: DefinitionSourceDocuments): RegistryResult {
  let result = built.get(source);
  if (!result) {
    result = buildRegistryOnce(source);
    built.set(source, result);
  }
  return result;
}

function buildRegistryOnce(source: DefinitionSourceDocuments): RegistryResult {
  try {
    return { ok: true, registry: createRegistry(source) };
  } catch (error) {
    if (error instanceof DefinitionError) return { ok: false, faults: error.faults };
    return { ok: false, faults: [{ file: '(registry)', pointer: '', message: (error as Error).message ?? String(error) }] };
  }
}
