import { join } from 'node:path';
import { createRegistry, type DefinitionSourceDocuments } from '../registry/registry.ts';
import type { Edition, EditionId } from '../editions/edition-types.ts';
import type { FormDefinition } from '../definitions/types.ts';
import { readDefinitionFiles } from './file-source.ts';

/** The forms the sign-in page draws on its first load: resolved here, so that page carries no registry. */
export const SIGN_IN_FORM_IDS = ['login'] as const;

/** Per edition: its settings and each sign-in form as the registry resolves it for that edition. */
export type SignInForms = Record<EditionId, { edition: Edition; forms: Record<(typeof SIGN_IN_FORM_IDS)[number], FormDefinition> }>;

/**
 * Node-only: the sign-in forms of every edition, resolved by the same registry the app builds (meta-schema
 * check, overlays, terms), as JSON. The client's build serves it as a virtual module (vite.config.ts), so
 * /login downloads neither the registry nor the meta-schemas, and compiles nothing before it draws. A form
 * that breaks its meta-schema stops the build with the registry's fault (file and JSON pointer), as it
 * would stop the app from loading it.
 */
export function signInForms(root: string): SignInForms {
  const source = signInSource(root);
  const registry = createRegistry(source);
  const editionIds = source.editions.map(({ document }) => idOf(document) as EditionId);
  return Object.fromEntries(
    editionIds.map((editionId) => [
      editionId,
      {
        edition: registry.edition(editionId),
        forms: Object.fromEntries(SIGN_IN_FORM_IDS.map((id) => [id, registry.resolve<FormDefinition>(id, editionId)])),
      },
    ]),
  ) as SignInForms;
}

const idOf = (document: unknown) => (document as { id?: unknown }).id;

/** What the sign-in forms are resolved from: those forms, their overlays and every edition's settings. */
function signInSource(root: string): DefinitionSourceDocuments {
  const all = readDefinitionFiles(root);
  const wanted = new Set<string>(SIGN_IN_FORM_IDS);
  return {
    definitions: all.definitions.filter(({ document }) => wanted.has(String(idOf(document)))),
    editions: all.editions,
    overlays: all.overlays.filter(({ document }) => wanted.has(String((document as { target?: unknown }).target))),
  };
}

/** The files the sign-in forms are resolved from (the dev server generates the module again when one changes). */
export function signInSourceFiles(root: string): string[] {
  const { definitions, editions, overlays } = signInSource(root);
  return [...definitions, ...editions, ...overlays].map(({ file }) => join(root, file));
}

/** The module the build serves: `export default` the sign-in forms. */
export function signInFormsCode(root: string): string {
  return `export default ${JSON.stringify(signInForms(root))};\n`;
}
