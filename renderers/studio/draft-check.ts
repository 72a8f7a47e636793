import {
  createRegistry,
  DefinitionError,
  lintForm,
  lintPage,
  lintRater,
  META_KINDS,
  RATER_DEFINITION_KINDS,
  validateAgainstMeta,
  type ContractOperations,
  type Definition,
  type DefinitionSourceDocuments,
  type EditionId,
  type FormDefinition,
  type MetaKind,
  type PageDefinition,
  type Registry,
  type TableDefinition,
} from '../../engine/index.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { definitionIdOf, expectedMetaKind, fileOfKey, sourceWith, type StudioKey } from './document-keys.ts';

/** One finding about the draft, placed at a JSON pointer of the draft ('' for the whole document). */
export interface DraftFault {
  pointer: string;
  message: string;
  severity: 'error' | 'warning';
  /** Where the finding came from: meta-schema, load, resolve, lint, or server. */
  source: string;
}

export interface DraftCheck {
  /** The parsed draft, when the text is JSON. */
  document?: unknown;
  syntaxError?: string;
  faults: DraftFault[];
  /** A registry with the draft in place of the stored document, when everything loads. */
  registry?: Registry;
}

/** Every kind the engine has a meta-schema for: rater definitions (products, rating tables…) are drafted here too. */
const DRAFT_KINDS: ReadonlySet<string> = new Set(META_KINDS);

/**
 * What the engine says about a draft, as the server would on publish: the meta-schema of its kind, the
 * whole set loading with it (cross references, overlays), resolving in every edition, and the form and
 * page lints.
 * Faults in other documents (a UK overlay that no longer applies) are shown on the whole draft.
 */
export function checkDraft(text: string, key: StudioKey, base: DefinitionSourceDocuments): DraftCheck {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { syntaxError: (error as Error).message, faults: [] };
  }
  const file = fileOfKey(base, key);
  const kind = expectedMetaKind(key, document);
  if (!kind || !DRAFT_KINDS.has(kind)) {
    return { document, faults: [{ pointer: '/kind', message: `unknown definition kind ${JSON.stringify(kind)}`, severity: 'error', source: 'meta-schema' }] };
  }
  const metaFaults = validateAgainstMeta(file, document, kind as MetaKind).map((fault) => ({
    pointer: refinePointer(fault.pointer, fault.message),
    message: fault.message,
    severity: 'error' as const,
    source: 'meta-schema',
  }));
  if (metaFaults.length) return { document, faults: metaFaults };

  let registry: Registry;
  try {
    registry = createRegistry(sourceWith(base, key, document));
  } catch (error) {
    const faults = error instanceof DefinitionError ? error.faults : [{ file: '', pointer: '', message: (error as Error).message }];
    return {
      document,
      faults: faults.map((fault) =>
        fault.file === file
          ? { pointer: fault.pointer, message: fault.message, severity: 'error', source: 'load' }
          : { pointer: '', message: `${fault.file}#${fault.pointer || '/'}: ${fault.message}`, severity: 'error', source: 'load' },
      ),
    };
  }

  const faults: DraftFault[] = [];
  const id = definitionIdOf(key);
  const seen = new Set<string>();
  for (const edition of registry.editions()) {
    const ids = id ? [id] : registry.list('form').map((definition) => definition.id);
    for (const each of ids) {
      try {
        const resolved = registry.resolve(each, edition);
        const lint = key.type === 'definition' ? lintOf(resolved, registry, edition) : [];
        for (const fault of lint) {
          const mark = `${fault.pointer} ${fault.message}`;
          if (seen.has(mark)) continue;
          seen.add(mark);
          faults.push({ pointer: fault.pointer, message: fault.message, severity: fault.severity, source: 'lint' });
        }
      } catch (error) {
        faults.push({ pointer: '', message: `${each} does not resolve in the ${edition.toUpperCase()} edition: ${(error as Error).message}`, severity: 'error', source: 'resolve' });
      }
    }
  }
  return { document, faults, registry };
}

/** The contract's operations by id, for the page lint's unknown-operation check (the server's publish check adds their schemas). */
const KNOWN_OPERATIONS: ContractOperations = Object.fromEntries(Object.keys(OPERATIONS).map((id) => [id, {}]));

function lintOf(resolved: Definition, registry: Registry, edition: EditionId) {
  if (resolved.kind === 'form') return lintForm(resolved as FormDefinition);
  if (resolved.kind === 'page') return lintPage(resolved as PageDefinition, pageLookups(registry, edition), KNOWN_OPERATIONS);
  // A rater draft is checked by rating the sample risks with it; a refusal shows whichever definition it is found on.
  if ((RATER_DEFINITION_KINDS as readonly string[]).includes(resolved.kind)) {
    return lintRater(registry, edition).map((fault) => (fault.id === resolved.id ? fault : { ...fault, pointer: '', message: `${fault.id}#${fault.pointer || '/'}: ${fault.message}` }));
  }
  return [];
}

function pageLookups(registry: Registry, edition: EditionId) {
  const ofKind = <T,>(id: string, kind: string) => (registry.get(id)?.kind === kind ? (registry.resolve(id, edition) as T) : undefined);
  return { table: (id: string) => ofKind<TableDefinition>(id, 'table'), form: (id: string) => ofKind<FormDefinition>(id, 'form') };
}

/** ajv reports an unknown property at its parent; point at the property itself. */
function refinePointer(pointer: string, message: string): string {
  const extra = /additional properties \((.+)\)$/.exec(message);
  return extra ? `${pointer}/${extra[1]!.replace(/~/g, '~0').replace(/\//g, '~1')}` : pointer;
}

/** Resolves a definition in an edition without throwing: the preview says what went wrong instead. */
export function resolveIn(registry: Registry, id: string, edition: EditionId) {
  try {
    return { ok: true as const, definition: registry.resolve(id, edition) };
  } catch (error) {
    return { ok: false as const, message: (error as Error).message };
  }
}
