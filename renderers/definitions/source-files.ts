import type { DefinitionSourceDocuments, SourceDocument } from '../../engine/index.ts';

/** '../../definitions/forms/claim.json' -> 'definitions/forms/claim.json', the name faults report. */
function projectPath(key: string): string {
  return key.replace(/^(\.\.\/)+/, '');
}

/** Files read by Vite's glob import as source documents, by path. */
export function documentsOf(files: Record<string, unknown>): SourceDocument[] {
  return Object.keys(files)
    .sort()
    .map((key) => ({ file: projectPath(key), document: files[key] }));
}

/** Overlay files (editions/<edition>/overlays/<id>.json) with the edition their folder names. */
export function overlaysOf(files: Record<string, unknown>): DefinitionSourceDocuments['overlays'] {
  return documentsOf(files).map((entry) => ({ ...entry, edition: entry.file.split('/')[1] ?? '' }));
}
