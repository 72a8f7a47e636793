import { atom } from 'jotai';
import { createRegistry, DefinitionError, type DefinitionFault, type DefinitionSourceDocuments, type EditionId, type Registry } from '../../engine/index.ts';
import { bundledSource } from './bundled-source.ts';

export type RegistryResult = { ok: true; registry: Registry } | { ok: false; faults: DefinitionFault[] };

/**
 * Where definitions come from. The bundle's files by default; set this atom to documents fetched from
 * the server (published versions) and every form and table re-resolves without a rebuild.
 */
export const definitionSourceAtom = atom<DefinitionSourceDocuments>(bundledSource());

/** The registry built from the source, or the faults that stopped it (shown, never a blank page). */
export const registryResultAtom = atom<RegistryResult>((get) => buildRegistry(get(definitionSourceAtom)));

/** The edition the app runs in. US until the sign-in issue reads it from the host name or feature flag. */
export const editionIdAtom = atom<EditionId>('us');

export function buildRegistry(source: DefinitionSourceDocuments): RegistryResult {
  try {
    return { ok: true, registry: createRegistry(source) };
  } catch (error) {
    if (error instanceof DefinitionError) return { ok: false, faults: error.faults };
    return { ok: false, faults: [{ file: '(registry)', pointer: '', message: (error as Error).message ?? String(error) }] };
  }
}
