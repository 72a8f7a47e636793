import { mkdirSync, writeFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { metaValidatorsCode } from '../../../engine/node/meta-validators-code.ts';
import { readDefinitionFiles } from '../../../engine/node/file-source.ts';
import {
  COMMON_META_SCHEMA, META_AJV_OPTIONS, META_KINDS, metaSchemaOf, metaValidatorExportName, provideCompiledMetaValidators, validateAgainstMeta, type MetaKind,
} from '../../../engine/registry/meta-validate.ts';

/**
 * The meta-schema validators the client's build compiles to code (vite.config.ts, virtual:meta-validators)
 * must judge every document exactly as the run-time compile does: the same verdict and the same errors, on
 * every definition of the repository and on broken copies of them.
 */
const projectRoot = new URL('../../../', import.meta.url).pathname;
let compiled: Record<string, ValidateFunction>;
const runtime = new Ajv(META_AJV_OPTIONS);
runtime.addSchema(COMMON_META_SCHEMA);
const runtimeOf = (kind: MetaKind) => runtime.getSchema((metaSchemaOf(kind) as { $id: string }).$id) ?? runtime.compile(metaSchemaOf(kind));

beforeAll(async () => {
  // Inside the project, so the module's imports of ajv's helpers resolve as they do in the build.
  const dir = `${projectRoot}node_modules/.cache/meta-validators-test`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/meta-validators-${process.pid}.mjs`;
  writeFileSync(file, metaValidatorsCode());
  compiled = (await import(/* @vite-ignore */ file)) as Record<string, ValidateFunction>;
});

const source = readDefinitionFiles(projectRoot);
const documents: { file: string; kind: MetaKind; document: unknown }[] = [
  ...source.definitions.map(({ file, document }) => ({ file, kind: (document as { kind: MetaKind }).kind, document })),
  ...source.editions.map(({ file, document }) => ({ file, kind: 'edition' as const, document })),
  ...source.overlays.map(({ file, document }) => ({ file, kind: 'overlay' as const, document })),
];

/** Broken copies of a document: a required key gone, an unknown key, a wrong type deep inside. */
function brokenCopies(document: unknown): unknown[] {
  const copy = () => structuredClone(document) as Record<string, unknown>;
  const withoutId = copy();
  delete withoutId.id;
  const deepestObject = (value: unknown): Record<string, unknown> | undefined => {
    if (!value || typeof value !== 'object') return undefined;
    for (const child of Object.values(value)) {
      const found = deepestObject(child);
      if (found) return found;
    }
    return Array.isArray(value) ? undefined : (value as Record<string, unknown>);
  };
  const wrongType = copy();
  const inner = deepestObject(wrongType);
  if (inner) for (const key of Object.keys(inner)) inner[key] = typeof inner[key] === 'number' ? 'not a number' : 42;
  return [withoutId, { ...copy(), unexpectedKey: true }, wrongType, [], 'not a document'];
}

describe('the build-time meta-schema validators', () => {
  it('export one validator per kind', () => {
    expect(Object.keys(compiled).sort()).toEqual(META_KINDS.map(metaValidatorExportName).sort());
  });

  it.each(META_KINDS)('%s: agree with the run-time compile on every document and broken copies of it', (kind) => {
    const ofKind = documents.filter((entry) => entry.kind === kind);
    expect(ofKind.length, `documents of kind ${kind}`).toBeGreaterThan(0);
    const validate = compiled[metaValidatorExportName(kind)]!;
    const reference = runtimeOf(kind);
    let failures = 0;
    for (const { file, document } of ofKind) {
      for (const candidate of [document, ...brokenCopies(document)]) {
        const verdict = validate(candidate);
        expect(verdict, file).toBe(reference(candidate));
        expect(validate.errors ?? null, file).toEqual(reference.errors ?? null);
        if (!verdict) failures += 1;
      }
    }
    // The broken copies must be refused, or the comparison proved nothing about errors.
    expect(failures).toBeGreaterThanOrEqual(ofKind.length * 3);
  });

  it('are the ones validateAgainstMeta uses once provided', () => {
    const refuseAll = Object.assign(() => false, { errors: [{ instancePath: '/id', keyword: 'planted', message: 'refused by the provided validator', params: {}, schemaPath: '#' }] });
    provideCompiledMetaValidators({ list: refuseAll as unknown as ValidateFunction });
    const list = documents.find((entry) => entry.kind === 'list')!;
    expect(validateAgainstMeta(list.file, list.document)).toEqual([{ file: list.file, pointer: '/id', message: 'refused by the provided validator' }]);
  });
});
