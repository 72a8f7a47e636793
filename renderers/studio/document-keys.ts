import type { DefinitionSourceDocuments, EditionId, SourceDocument } from '../../engine/index.ts';

/** A studio key: a definition id ('claim'), an edition's settings ('edition:us') or an overlay ('overlay:uk:claim'). */
export type StudioKey =
  | { type: 'definition'; key: string; id: string }
  | { type: 'edition'; key: string; edition: EditionId }
  | { type: 'overlay'; key: string; edition: EditionId; target: string };

export function parseStudioKey(key: string): StudioKey | undefined {
  const overlay = /^overlay:([a-z]{2}):([a-z][a-z0-9-]*)$/.exec(key);
  if (overlay) return { type: 'overlay', key, edition: overlay[1] as EditionId, target: overlay[2]! };
  const edition = /^edition:([a-z]{2})$/.exec(key);
  if (edition) return { type: 'edition', key, edition: edition[1] as EditionId };
  if (/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(key)) return { type: 'definition', key, id: key };
  return undefined;
}

/** The definition a key's preview shows: its own, an overlay's target, or none for edition settings. */
export function definitionIdOf(key: StudioKey): string | undefined {
  return key.type === 'definition' ? key.id : key.type === 'overlay' ? key.target : undefined;
}

const idOf = (document: unknown) => (document as { id?: unknown } | null)?.id;
const targetOf = (document: unknown) => (document as { target?: unknown } | null)?.target;

/** The name faults about this key's document carry in a source (a file path for the bundle, the key for the server). */
export function fileOfKey(source: DefinitionSourceDocuments, key: StudioKey): string {
  if (key.type === 'definition') return source.definitions.find((entry) => entry.file === key.key || idOf(entry.document) === key.id)?.file ?? key.key;
  if (key.type === 'edition') return source.editions.find((entry) => entry.file === key.key || idOf(entry.document) === key.edition)?.file ?? key.key;
  return (
    source.overlays.find((entry) => entry.file === key.key || (entry.edition === key.edition && targetOf(entry.document) === key.target))?.file ?? key.key
  );
}

/** The source with this key's document replaced by (or added as) `document`: what the draft would publish. */
export function sourceWith(source: DefinitionSourceDocuments, key: StudioKey, document: unknown): DefinitionSourceDocuments {
  const file = fileOfKey(source, key);
  const replace = <T extends SourceDocument>(entries: T[], extra: Omit<T, 'file' | 'document'>): T[] => {
    const found = entries.some((entry) => entry.file === file);
    const next = entries.map((entry) => (entry.file === file ? { ...entry, document } : entry));
    return found ? next : [...next, { ...extra, file, document } as T];
  };
  if (key.type === 'definition') return { ...source, definitions: replace(source.definitions, {}) };
  if (key.type === 'edition') return { ...source, editions: replace(source.editions, {}) };
  return { ...source, overlays: replace(source.overlays, { edition: key.edition }) };
}

/** The meta-schema a key's document must pass: edition and overlay by key, a definition by its own kind. */
export function expectedMetaKind(key: StudioKey, document: unknown): string | undefined {
  if (key.type === 'edition') return 'edition';
  if (key.type === 'overlay') return 'overlay';
  const kind = (document as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : undefined;
}

export function studioPath(key?: string, view?: 'history'): string {
  if (!key) return '/admin/studio';
  return `/admin/studio/${encodeURIComponent(key)}${view ? `/${view}` : ''}`;
}
