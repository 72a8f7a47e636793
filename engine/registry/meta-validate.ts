import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import commonMeta from '../meta/common.schema.json';
import formMeta from '../meta/form.schema.json';
import tableMeta from '../meta/table.schema.json';
import listMeta from '../meta/list.schema.json';
import pageMeta from '../meta/page.schema.json';
import overlayMeta from '../meta/overlay.schema.json';
import editionMeta from '../meta/edition.schema.json';
import productMeta from '../meta/product.schema.json';
import coverageCatalogueMeta from '../meta/coverage-catalogue.schema.json';
import ratingTableMeta from '../meta/rating-table.schema.json';
import raterPresetsMeta from '../meta/rater-presets.schema.json';
import raterSampleRisksMeta from '../meta/rater-sample-risks.schema.json';
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

let ajv: Ajv | undefined;
const compiled = new Map<MetaKind, ValidateFunction>();

/**
 * The meta-schema validator of one kind, compiled the first time that kind is checked and kept for the
 * process (the browser, the server and the CLI share this code). Per kind, not all at once: the sign-in
 * page checks a form and an edition, and compiling every kind's meta-schema cost it about 200 ms.
 */
function validatorOf(kind: MetaKind): ValidateFunction {
  const known = compiled.get(kind);
  if (known) return known;
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addSchema(commonMeta);
  }
  const validate = ajv.compile(META_SCHEMAS[kind]);
  compiled.set(kind, validate);
  return validate;
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
