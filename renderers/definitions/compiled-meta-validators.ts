import * as validators from 'virtual:meta-validators';
import { META_KINDS, metaValidatorExportName, provideCompiledMetaValidators, type MetaKind } from '../../engine/index.ts';
import type { ValidateFunction } from 'ajv';

/**
 * Gives the engine the meta-schema validators the build compiled, before the signed-in app checks the
 * published or the built-in definitions: a page load then runs them instead of compiling every kind's
 * meta-schema (about 350 ms of the browser's time on each full load). Only the signed-in chunks import
 * this; the sign-in page compiles the two kinds it checks. A kind the module lacks is compiled as before.
 */
export function provideBuildMetaValidators(): void {
  const byKind: Partial<Record<MetaKind, ValidateFunction>> = {};
  for (const kind of META_KINDS) {
    const validate = (validators as Record<string, ValidateFunction | undefined>)[metaValidatorExportName(kind)];
    if (validate) byKind[kind] = validate;
  }
  provideCompiledMetaValidators(byKind);
}
