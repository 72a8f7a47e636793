import commonMeta from '../../engine/meta/common.schema.json';
import { metaSchemaOf, type MetaKind } from '../../engine/index.ts';

const COMMON_REF = 'common.schema.json#/definitions/';
const cache = new Map<MetaKind, object>();

/**
 * The meta-schema of a kind as one self-contained schema for the editor's completion and hover. The
 * meta-schemas point into common.schema.json by a relative $ref, which the completion library would
 * try to fetch; here those definitions are copied in under `common_<name>` so nothing is loaded.
 */
export function completionSchemaOf(kind: MetaKind): object {
  let schema = cache.get(kind);
  if (!schema) {
    const own = rewrite(metaSchemaOf(kind), (ref) => (ref.startsWith(COMMON_REF) ? `#/definitions/common_${ref.slice(COMMON_REF.length)}` : ref)) as Record<string, unknown>;
    const common = rewrite((commonMeta as { definitions: Record<string, unknown> }).definitions, (ref) =>
      ref.startsWith('#/definitions/') ? `#/definitions/common_${ref.slice('#/definitions/'.length)}` : ref,
    ) as Record<string, unknown>;
    const definitions = { ...(own.definitions as Record<string, unknown> | undefined) };
    for (const [name, value] of Object.entries(common)) definitions[`common_${name}`] = value;
    const { $id: _id, $schema: _schema, ...rest } = own;
    void _id;
    void _schema;
    schema = { ...rest, definitions };
    cache.set(kind, schema);
  }
  return schema;
}

function rewrite(value: unknown, mapRef: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, mapRef));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === '$ref' && typeof item === 'string' ? mapRef(item) : rewrite(item, mapRef)]),
    );
  }
  return value;
}
