import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { COMMON_META_SCHEMA, META_AJV_OPTIONS, META_KINDS, metaSchemaOf, metaValidatorExportName } from '../registry/meta-validate.ts';

/**
 * Node-only: an ES module exporting every kind's meta-schema validator as code (ajv's standalone output, the
 * same options as the run-time compile), one export per kind named by metaValidatorExportName. The client's
 * build serves it as a virtual module (vite.config.ts), so a signed-in page load runs validators instead of
 * compiling them.
 */
export function metaValidatorsCode(): string {
  const ajv = new Ajv({ ...META_AJV_OPTIONS, code: { source: true, esm: true } });
  ajv.addSchema(COMMON_META_SCHEMA);
  const exports: Record<string, string> = {};
  for (const kind of META_KINDS) {
    const schema = metaSchemaOf(kind) as { $id: string };
    ajv.addSchema(schema);
    exports[metaValidatorExportName(kind)] = schema.$id;
  }
  return asModuleImports(standaloneCode(ajv, exports));
}

/**
 * ajv's ES module output still fetches its run-time helpers (deep equality, string length) with require();
 * a browser bundle has no require, so each becomes an import of the same helper.
 */
function asModuleImports(code: string): string {
  const helpers = new Map<string, string>();
  const body = code.replace(/require\("(ajv\/dist\/runtime\/[\w-]+)"\)\.default/g, (_, path: string) => {
    const name = `runtime${helpers.size}`;
    if (!helpers.has(path)) helpers.set(path, name);
    return `runtimeHelper(${helpers.get(path)})`;
  });
  const imports = [...helpers].map(([path, name]) => `import * as ${name} from ${JSON.stringify(`${path}.js`)};`).join('');
  // The helpers are CommonJS with __esModule: a bundler's namespace has the function as default, Node's has module.exports.
  const runtimeHelper = 'const runtimeHelper = (module) => (typeof module.default === "function" ? module.default : module.default.default);';
  return `${imports}${runtimeHelper}${body.replace(/^"use strict";/, '')}`;
}
