import type { DefinitionSourceDocuments } from '../../engine/index.ts';
import { documentsOf, overlaysOf } from './source-files.ts';
import { provideBuildMetaValidators } from './compiled-meta-validators.ts';

/**
 * The definitions and editions shipped with the build: the files under definitions/ and editions/, read
 * at build time through Vite's glob import. This module is only imported dynamically (registry-atoms.ts),
 * so its ~300 documents are a chunk of their own that the sign-in page never loads; a signed-in user
 * normally runs on the server's published bundle (server-source.ts) and needs it only as the fallback.
 */
const definitionFiles = import.meta.glob('../../definitions/**/*.json', { eager: true, import: 'default' });
const editionFiles = import.meta.glob('../../editions/*/edition.json', { eager: true, import: 'default' });
const overlayFiles = import.meta.glob('../../editions/*/overlays/*.json', { eager: true, import: 'default' });

export function bundledSource(): DefinitionSourceDocuments {
  provideBuildMetaValidators();
  return { definitions: documentsOf(definitionFiles), editions: documentsOf(editionFiles), overlays: overlaysOf(overlayFiles) };
}
