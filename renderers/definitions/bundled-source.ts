import type { DefinitionSourceDocuments } from '../../engine/index.ts';

/**
 * The definitions and editions shipped in the bundle: the files under definitions/ and editions/, read
 * at build time through Vite's glob import (eager, so the registry is ready before the first render).
 * A later issue replaces this source with documents fetched from the server; nothing else changes.
 */
const definitionFiles = import.meta.glob('../../definitions/**/*.json', { eager: true, import: 'default' });
const editionFiles = import.meta.glob('../../editions/*/edition.json', { eager: true, import: 'default' });
const overlayFiles = import.meta.glob('../../editions/*/overlays/*.json', { eager: true, import: 'default' });

/** '../../definitions/forms/claim.json' -> 'definitions/forms/claim.json', the name faults report. */
function projectPath(key: string): string {
  return key.replace(/^(\.\.\/)+/, '');
}

function documentsOf(files: Record<string, unknown>) {
  return Object.keys(files)
    .sort()
    .map((key) => ({ file: projectPath(key), document: files[key] }));
}

export function bundledSource(): DefinitionSourceDocuments {
  return {
    definitions: documentsOf(definitionFiles),
    editions: documentsOf(editionFiles),
    overlays: documentsOf(overlayFiles).map((entry) => ({ ...entry, edition: entry.file.split('/')[1] ?? '' })),
  };
}
