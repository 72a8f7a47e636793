/**
 * Field paths are dotted (`address.city`), the way rules, messages and layouts name fields.
 * These helpers read and write them without mutating the input.
 */
export function getPath(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function setPath<T extends object>(data: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
  } else {
    const child = copy[head];
    copy[head] = setPath(child !== null && typeof child === 'object' ? child : {}, rest.join('.'), value);
  }
  return copy as T;
}

/** `/address/city` (an ajv instancePath or a JSON pointer) to `address.city`. */
export function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** The schema of the property a dotted path names, walking `properties` of object schemas. */
export function schemaAtPath(schema: unknown, path: string): Record<string, unknown> | undefined {
  let current = schema as Record<string, unknown> | undefined;
  for (const key of path.split('.')) {
    const properties = current?.properties as Record<string, Record<string, unknown>> | undefined;
    current = properties?.[key];
    if (!current) return undefined;
  }
  return current;
}

/** Every leaf field path of an object schema (objects with properties are walked into, arrays are leaves). */
export function fieldPathsOf(schema: unknown, prefix = ''): string[] {
  const properties = (schema as { properties?: Record<string, Record<string, unknown>> })?.properties ?? {};
  return Object.entries(properties).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return child.type === 'object' && child.properties ? fieldPathsOf(child, path) : [path];
  });
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b as object);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}
