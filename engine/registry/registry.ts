import type { Definition, DefinitionKind, ListDefinition, Overlay } from '../definitions/types.ts';
import type { Edition, EditionId } from '../editions/edition-types.ts';
import { resolve, type EditionBundle } from '../editions/resolve.ts';
import { DefinitionError, type DefinitionFault } from './faults.ts';
import { validateAgainstMeta } from './meta-validate.ts';
import { crossReferenceFaults } from './cross-references.ts';

/** One stored document and where it came from (a file path now, a database key later). */
export interface SourceDocument {
  file: string;
  document: unknown;
}

/** Everything a registry loads: definitions, and per edition its settings and overlays. */
export interface DefinitionSourceDocuments {
  definitions: SourceDocument[];
  editions: SourceDocument[];
  overlays: { edition: string; file: string; document: unknown }[];
}

export interface Registry {
  list(kind?: DefinitionKind): Definition[];
  get(id: string): Definition | undefined;
  fileOf(id: string): string | undefined;
  editions(): EditionId[];
  edition(id: EditionId): Edition;
  /** The definition for one edition; cached, since definitions do not change inside a registry. */
  resolve<T extends Definition = Definition>(id: string, edition: EditionId): T;
}

/**
 * Builds a registry from documents, refusing the whole set when any one is invalid: a half-loaded
 * set of forms is worse than a clear error naming every file and JSON pointer at fault.
 */
export function createRegistry(source: DefinitionSourceDocuments): Registry {
  const faults: DefinitionFault[] = [];
  const definitions = new Map<string, { definition: Definition; file: string }>();
  for (const { file, document } of source.definitions) {
    const documentFaults = validateAgainstMeta(file, document);
    if (documentFaults.length) {
      faults.push(...documentFaults);
      continue;
    }
    const definition = document as Definition;
    const existing = definitions.get(definition.id);
    if (existing) faults.push({ file, pointer: '/id', message: `id ${definition.id} is already used by ${existing.file}` });
    else definitions.set(definition.id, { definition, file });
  }

  const bundles = new Map<EditionId, EditionBundle>();
  for (const { file, document } of source.editions) {
    const editionFaults = validateAgainstMeta(file, document, 'edition');
    if (editionFaults.length) faults.push(...editionFaults);
    else bundles.set((document as Edition).id, { settings: document as Edition, overlays: {} });
  }
  for (const { edition, file, document } of source.overlays) {
    const overlayFaults = validateAgainstMeta(file, document, 'overlay');
    if (overlayFaults.length) {
      faults.push(...overlayFaults);
      continue;
    }
    const overlay = document as Overlay;
    const bundle = bundles.get(edition as EditionId);
    if (!bundle) faults.push({ file, pointer: '', message: `overlay for unknown edition ${edition}` });
    else if (!definitions.has(overlay.target)) faults.push({ file, pointer: '/target', message: `no definition ${overlay.target}` });
    else if (bundle.overlays[overlay.target]) faults.push({ file, pointer: '/target', message: `a second overlay for ${overlay.target}` });
    else bundle.overlays[overlay.target] = { overlay, file };
  }
  faults.push(...crossReferenceFaults([...definitions.values()]));
  if (faults.length) throw new DefinitionError(faults);

  const lists = (id: string) => {
    const entry = definitions.get(id);
    return entry?.definition.kind === 'list' ? (entry.definition as ListDefinition) : undefined;
  };
  const cache = new Map<string, Definition>();

  const registry: Registry = {
    list: (kind) =>
      [...definitions.values()]
        .map((entry) => entry.definition)
        .filter((definition) => !kind || definition.kind === kind)
        .sort((a, b) => a.id.localeCompare(b.id)),
    get: (id) => definitions.get(id)?.definition,
    fileOf: (id) => definitions.get(id)?.file,
    editions: () => [...bundles.keys()].sort(),
    edition: (id) => {
      const bundle = bundles.get(id);
      if (!bundle) throw new Error(`Unknown edition ${id}`);
      return bundle.settings;
    },
    resolve: <T extends Definition>(id: string, editionId: EditionId) => {
      const key = `${editionId}:${id}`;
      const cached = cache.get(key);
      if (cached) return cached as T;
      const entry = definitions.get(id);
      if (!entry) throw new Error(`Unknown definition ${id}`);
      const bundle = bundles.get(editionId);
      if (!bundle) throw new Error(`Unknown edition ${editionId}`);
      const resolved = resolve(entry.definition, bundle, lists, entry.file);
      cache.set(key, resolved);
      return resolved as T;
    },
  };
  return registry;
}
