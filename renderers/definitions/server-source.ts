import { createElement, Fragment, useCallback, useEffect, type ReactNode } from 'react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import type { DefinitionSourceDocuments } from '../../engine/index.ts';
import { buildRegistry, definitionSourceAtom } from './registry-atoms.ts';
import { getBundle, type Bundle } from './definition-bundle.ts';
import { provideBuildMetaValidators } from './compiled-meta-validators.ts';

/** Where the published definitions stand in this tab: not asked yet, on the way, in use, or failed (the bundle's files are used). */
export type ServerDefinitionsStatus =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; revision: string }
  | { state: 'failed'; message: string };

export const serverDefinitionsAtom = atom<ServerDefinitionsStatus>({ state: 'idle' });

/** The server's bundle as the engine's source documents: each document named by its key ('claim', 'overlay:uk:claim'). */
export function sourceOfBundle(bundle: Bundle): DefinitionSourceDocuments {
  return {
    definitions: bundle.definitions.map(({ file, document }) => ({ file, document })),
    editions: bundle.editions.map(({ file, document }) => ({ file, document })),
    overlays: bundle.overlays.map(({ file, document, edition }) => ({ file, document, edition })),
  };
}

/**
 * Loads the published definitions and makes them the registry's source, so every form and table uses
 * the newest published versions from the next page load on, with no rebuild and no sign-out. When the
 * bundle cannot be fetched or does not load, the definitions shipped with the build stay in use.
 */
export function useReloadServerDefinitions(): () => Promise<void> {
  const setSource = useSetAtom(definitionSourceAtom);
  const setStatus = useSetAtom(serverDefinitionsAtom);
  return useCallback(async () => {
    setStatus((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    try {
      const bundle = await getBundle();
      provideBuildMetaValidators();
      const source = sourceOfBundle(bundle);
      const built = buildRegistry(source);
      if (!built.ok) {
        setStatus({ state: 'failed', message: `The published definitions do not load (${built.faults.length} faults); the built-in ones are used.` });
        return;
      }
      setSource(source);
      setStatus({ state: 'ready', revision: bundle.revision });
    } catch (error) {
      setStatus({ state: 'failed', message: (error as Error).message || 'The published definitions could not be loaded.' });
    }
  }, [setSource, setStatus]);
}

/** Loads the published definitions once per page load (on mount, signed in). */
export function useServerDefinitions(): ServerDefinitionsStatus {
  const status = useAtomValue(serverDefinitionsAtom);
  const reload = useReloadServerDefinitions();
  const idle = status.state === 'idle';
  useEffect(() => {
    if (idle) void reload();
  }, [idle, reload]);
  return status;
}

/**
 * Mount once inside the signed-in shell. Without children it loads in the background; with children
 * it holds them back until the published definitions arrived (or failed), so no form flashes its
 * built-in wording first.
 */
export function ServerDefinitions({ children, fallback = null }: { children?: ReactNode; fallback?: ReactNode }) {
  const status = useServerDefinitions();
  if (children === undefined) return null;
  const waiting = status.state === 'idle' || status.state === 'loading';
  return createElement(Fragment, null, waiting ? fallback : children);
}
