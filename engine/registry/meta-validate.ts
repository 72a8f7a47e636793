import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import commonMeta from '../meta/common.schema.json' with { type: 'json' };
import formMeta from '../meta/form.schema.json' with { type: 'json' };
import tableMeta from '../meta/table.schema.json' with { type: 'json' };
import listMeta from '../meta/list.schema.json' with { type: 'json' };
import pageMeta from '../meta/page.schema.json' with { type: 'json' };
import overlayMeta from '../meta/overlay.schema.json' with { type: 'json' };
import editionMeta from '../meta/edition.schema.json' with { type: 'json' };
import productMeta from '../meta/product.schema.json' with { type: 'json' };
import coverageCatalogueMeta from '../meta/coverage-catalogue.schema.json' with { type: 'json' };
import ratingTableMeta from '../meta/rating-table.schema.json' with { type: 'json' };
import raterPresetsMeta from '../meta/rater-presets.schema.json' with { type: 'json' };
import raterSampleRisksMeta from '../meta/rater-sample-risks.schema.json' with { type: 'json' };
import type { DefinitionFault } from './faults.ts';

export type MetaKind =
  | 'form'
  | 'table'
  | 'list'
  | 'page'
  | 'product'
  | 'coverage-catalogue'
  | 'rating-table'
  | 'rater-presets'
  | 'rater-sample-risks'
  | 'overlay'
  | 'edition';

const META_SCHEMAS: Record<MetaKind, object> = {
  form: formMeta,
  table: tableMeta,
  list: listMeta,
  page: pageMeta,
  product: productMeta,
  'coverage-catalogue': coverageCatalogueMeta,
  'rating-table': ratingTableMeta,
  'rater-presets': raterPresetsMeta,
  'rater-sample-risks': raterSampleRisksMeta,
  overlay: overlayMeta,
  edition: editionMeta,
};

/** The options meta-schemas compile with, here and in the build's precompiled validators (engine/node/meta-validators-code.ts). */
export const META_AJV_OPTIONS = { allErrors: true, strict: false } as const;

/** The schema every meta-schema refers to ($ref), compiled beside them. */
export const COMMON_META_SCHEMA: object = commonMeta;

let ajv: Ajv | undefined;
const compiled = new Map<MetaKind, ValidateFunction>();

/**
 * Validators compiled ahead of time (the browser's signed-in app gets them from the build): a kind given
 * here is never compiled at run time. Compiling every kind's meta-schema took a signed-in page load about
 * 350 ms of the browser's time, on every full load.
 */
export function provideCompiledMetaValidators(validators: Partial<Record<MetaKind, ValidateFunction>>): void {
  for (const [kind, validate] of Object.entries(validators) as [MetaKind, ValidateFunction][]) compiled.set(kind, validate);
}

/**
 * The meta-schema validator of one kind: the one provided ahead of time, else compiled the first time that
 * kind is checked and kept for the process (the browser, the server and the CLI share this code). Per kind,
 * not all at once: the sign-in page checks a form and an edition, and compiling every kind's meta-schema
 * cost it about 200 ms.
 */
function validatorOf(kind: MetaKind): ValidateFunction {
  const known = compiled.get(kind);
  if (known) return known;
  if (!ajv) {
    ajv = new Ajv(META_AJV_OPTIONS);
    ajv.addSchema(commonMeta);
  }
  const validate = ajv.compile(META_SCHEMAS[kind]);
  compiled.set(kind, validate);
  return validate;
}

/** Every kind with a meta-schema. */
export const META_KINDS = Object.keys(META_SCHEMAS) as MetaKind[];

/** The export name of a kind's validator in the precompiled module ('rating-table' -> 'ratingTable'). */
export function metaValidatorExportName(kind: MetaKind): string {
  return kind.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

export function metaSchemaOf(kind: MetaKind): object {
  return META_SCHEMAS[kind];
}

export function isMetaKind(kind: unknown): kind is MetaKind {
  return typeof kind === 'string' && kind in META_SCHEMAS;
}

/** Checks a document against the meta-schema of its kind; faults carry the JSON pointer of each error. */
export function validateAgainstMeta(file: string, document: unknown, expected?: MetaKind): DefinitionFault[] {
  const kind = expected ?? (document as { kind?: unknown } | null)?.kind;
  if (!isMetaKind(kind)) {
    return [{ file, pointer: '/kind', message: `unknown definition kind ${JSON.stringify(kind)}` }];
  }
  const validate = validatorOf(kind);
  if (validate(document)) return [];
  return dedupe((validate.errors ?? []).map((error) => toFault(file, error)));
}

function toFault(file: string, error: ErrorObject): DefinitionFault {
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (${(error.params as { additionalProperty: string }).additionalProperty})`
      : error.keyword === 'enum'
        ? ` (${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`
        : '';
  return { file, pointer: error.instancePath, message: `${error.message ?? error.keyword}${extra}` };
}

function dedupe(faults: DefinitionFault[]): DefinitionFault[] {
  const seen = new Set<string>();
  return faults.filter((fault) => {
    const key = `${fault.pointer} ${fault.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
