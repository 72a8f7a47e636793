import {
  createRegistry,
  DefinitionError,
  lintRegistry,
  validateAgainstMeta,
  type ContractOperations,
  type DefinitionSourceDocuments,
  type Registry,
} from '../../engine/index.ts';
import { keyOfDocument, keyOfFaultFile, type DocumentKey } from './document-keys.ts';

/** A reason a document cannot be published: the key it is about, where in it (JSON pointer), what and which check. */
export interface DocumentFault {
  key: string;
  pointer: string;
  message: string;
  check: string;
  severity: 'error' | 'warning';
}

export interface SourceEvaluation {
  registry?: Registry;
  /** Load faults (meta-schema, references, overlays), resolve faults (overlay tests, terms) and lint findings. */
  faults: DocumentFault[];
}

/**
 * Everything the server checks of a set of documents: that they load (createRegistry), that every
 * definition resolves in every edition, and the one lint with the API contract.
 */
export function evaluateSources(sources: DefinitionSourceDocuments, operations: ContractOperations): SourceEvaluation {
  let registry: Registry;
  try {
    registry = createRegistry(sources);
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    return { faults: error.faults.map((fault) => ({ key: keyOfFaultFile(fault.file), pointer: fault.pointer, message: fault.message, check: 'load', severity: 'error' })) };
  }
  const faults: DocumentFault[] = [];
  for (const definition of registry.list()) {
    for (const edition of registry.editions()) {
      try {
        registry.resolve(definition.id, edition);
      } catch (error) {
        if (error instanceof DefinitionError) {
          faults.push(...error.faults.map((fault) => ({
            key: keyOfFaultFile(fault.file), pointer: fault.pointer, message: `[${edition}] ${fault.message}`, check: 'resolve', severity: 'error' as const,
          })));
        } else {
          faults.push({ key: definition.id, pointer: '', message: `[${edition}] ${(error as Error).message}`, check: 'resolve', severity: 'error' });
        }
      }
    }
  }
  for (const fault of lintRegistry(registry, operations)) {
    faults.push({ key: fault.id, pointer: fault.pointer, message: fault.message, check: fault.check, severity: fault.severity });
  }
  return { registry, faults };
}

/** Checks of the document on its own: its key matches what it says it is, and its meta-schema. */
export function documentFaults(key: DocumentKey, document: unknown, currentKind: string | undefined): DocumentFault[] {
  const fault = (pointer: string, message: string, check: string): DocumentFault => ({ key: key.key, pointer, message, check, severity: 'error' });
  if (document === null || typeof document !== 'object' || Array.isArray(document)) return [fault('', 'the document must be a JSON object', 'meta-schema')];
  const metaFaults = validateAgainstMeta(key.key, document, key.type === 'definition' ? undefined : key.type)
    .map((found) => fault(found.pointer, found.message, 'meta-schema'));
  const claimed = keyOfDocument(key.type, document, key.type === 'overlay' ? key.edition : undefined);
  if (claimed !== undefined && claimed !== key.key) {
    const pointer = key.type === 'overlay' ? '/target' : '/id';
    metaFaults.push(fault(pointer, `the document is ${claimed}, not ${key.key}`, 'key'));
  }
  const kind = (document as { kind?: unknown }).kind;
  if (key.type === 'definition' && currentKind && typeof kind === 'string' && kind !== currentKind) {
    metaFaults.push(fault('/kind', `${key.key} is a ${currentKind}; its kind cannot change to ${kind}`, 'key'));
  }
  return metaFaults;
}

const identity = (fault: DocumentFault) => `${fault.key}|${fault.pointer}|${fault.message}`;

/**
 * The errors that refuse a publish: every error about the document itself (for an overlay, also about its
 * target as resolved), and every error elsewhere that the change brings (a list removed that a form still
 * names). Errors that were there before and are about other documents are not this publish's to fix.
 */
export function refusingFaults(key: DocumentKey, before: readonly DocumentFault[], after: readonly DocumentFault[]): DocumentFault[] {
  const existing = new Set(before.map(identity));
  const about = (fault: DocumentFault) => fault.key === key.key || (key.type === 'overlay' && fault.key === key.target);
  return after.filter((fault) => fault.severity === 'error' && (about(fault) || !existing.has(identity(fault))));
}

/** Warnings about the document, returned with a successful publish (e.g. an operation the contract does not describe yet). */
export function warningsAbout(key: DocumentKey, faults: readonly DocumentFault[]): DocumentFault[] {
  const target = key.type === 'overlay' ? key.target : key.type === 'definition' ? key.id : undefined;
  return faults.filter((fault) => fault.severity === 'warning' && (fault.key === key.key || fault.key === target));
}
