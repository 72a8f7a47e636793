import type { DefinitionSourceDocuments } from '../../engine/index.ts';
import { documentsOf, overlaysOf } from './source-files.ts';

/**
 * The few definitions the sign-in page draws, shipped with the page itself: the login form (and its
 * edition overlays) and every edition's settings. Everything else is in bundled-source.ts, which loads
 * on first need (registry-atoms.ts), so /login does not download ~300 definitions it never shows.
 */
const definitionFiles = import.meta.glob('../../definitions/forms/login.json', { eager: true, import: 'default' });
const editionFiles = import.meta.glob('../../editions/*/edition.json', { eager: true, import: 'default' });
const overlayFiles = import.meta.glob('../../editions/*/overlays/login.json', { eager: true, import: 'default' });

export function signInSource(): DefinitionSourceDocuments {
  return { definitions: documentsOf(definitionFiles), editions: documentsOf(editionFiles), overlays: overlaysOf(overlayFiles) };
}

/**
 * An edition's locale read straight from its settings file, without building the sign-in registry: the page's
 * language is set on every page, and building that registry (compiling two meta-schemas) cost each signed-in
 * page load about 300 ms of the browser's time. The files are checked with every definition by the test run.
 */
export function editionLocale(editionId: string): string | undefined {
  const settings = documentsOf(editionFiles).find(({ document }) => (document as { id?: unknown }).id === editionId)?.document;
  const locale = (settings as { locale?: unknown } | undefined)?.locale;
  return typeof locale === 'string' ? locale : undefined;
}
