import type { DefinitionSourceDocuments } from '../../engine/index.ts';

/**
 * Every document the registry loads has a key: a definition id ('claim'), an edition's settings
 * ('edition:us') or an overlay ('overlay:uk:claim'). The files are version 0 of their key; published
 * versions in the database are 1, 2, ...
 */
export type DocumentKey =
  | { type: 'definition'; key: string; id: string }
  | { type: 'edition'; key: string; edition: string }
  | { type: 'overlay'; key: string; edition: string; target: string };

const ID = '[a-z][a-z0-9]*(?:-[a-z0-9]+)*';
const EDITION = '[a-z]{2}';
/** The same pattern as the contract's DefinitionKey and the table's CHECK. */
export const KEY_PATTERN = new RegExp(`^(?:(${ID})|edition:(${EDITION})|overlay:(${EDITION}):(${ID}))$`);

export function parseKey(key: string): DocumentKey | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  if (match[1]) return { type: 'definition', key, id: match[1] };
  if (match[2]) return { type: 'edition', key, edition: match[2] };
  return { type: 'overlay', key, edition: match[3]!, target: match[4]! };
}

export const editionKey = (edition: string) => `edition:${edition}`;
export const overlayKey = (edition: string, target: string) => `overlay:${edition}:${target}`;

/** One document of the source set, by key. */
export interface KeyedDocument {
  key: DocumentKey;
  document: unknown;
}

const field = (document: unknown, name: string): string | undefined => {
  const value = (document as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/** The key a document of the given type claims for itself (its id, edition id or overlay target). */
export function keyOfDocument(type: DocumentKey['type'], document: unknown, edition?: string): string | undefined {
  if (type === 'definition') return field(document, 'id');
  if (type === 'edition') {
    const id = field(document, 'id');
    return id && editionKey(id);
  }
  const target = field(document, 'target');
  return target && edition ? overlayKey(edition, target) : undefined;
}

/** The files as keyed documents (a file whose key cannot be read keeps its path, so its fault still shows). */
export function keyFileDocuments(files: DefinitionSourceDocuments): Map<string, KeyedDocument> {
  const keyed = new Map<string, KeyedDocument>();
  const add = (type: DocumentKey['type'], file: string, document: unknown, edition?: string) => {
    const key = parseKey(keyOfDocument(type, document, edition) ?? '') ?? ({ type: 'definition', key: file, id: file } as DocumentKey);
    keyed.set(key.key, { key, document });
  };
  for (const { file, document } of files.definitions) add('definition', file, document);
  for (const { file, document } of files.editions) add('edition', file, document);
  for (const { edition, file, document } of files.overlays) add('overlay', file, document, edition);
  return keyed;
}

/**
 * A source set for engine's createRegistry, each document labelled with its key instead of a file path:
 * faults then name the key a publish is about.
 */
export function sourcesOf(documents: Iterable<KeyedDocument>): DefinitionSourceDocuments {
  const sources: DefinitionSourceDocuments = { definitions: [], editions: [], overlays: [] };
  const sorted = [...documents].sort((a, b) => a.key.key.localeCompare(b.key.key));
  for (const { key, document } of sorted) {
    if (key.type === 'definition') sources.definitions.push({ file: key.key, document });
    else if (key.type === 'edition') sources.editions.push({ file: key.key, document });
    else sources.overlays.push({ edition: key.edition, file: key.key, document });
  }
  return sources;
}

/** The key a fault's file label stands for: keys are used as labels; lists resolved inside a form carry a path. */
export function keyOfFaultFile(file: string): string {
  if (KEY_PATTERN.test(file)) return file;
  const list = /^definitions\/(?:[a-z]+\/)?([a-z][a-z0-9-]*)(?:\.json)?$/.exec(file);
  return list ? list[1]! : file;
}
