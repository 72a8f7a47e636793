import { DefinitionError, type DefinitionFault } from '../registry/faults.ts';

const TERM = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/**
 * Replaces `{{Term}}` in every string of a document with the edition's wording (`{{Agency}}` is
 * 'Agency' in the US and 'Brokerage' in the UK). Single braces (`{label}`) are left for messages,
 * which fill them at validation time. An unknown term is a fault, not a silent blank.
 */
export function interpolateTerms<T>(document: T, terms: Record<string, string>, file: string): T {
  const faults: DefinitionFault[] = [];
  const walk = (value: unknown, pointer: string): unknown => {
    if (typeof value === 'string') {
      return value.replace(TERM, (whole, name: string) => {
        const term = terms[name];
        if (term === undefined) {
          faults.push({ file, pointer, message: `unknown term {{${name}}}` });
          return whole;
        }
        return term;
      });
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, `${pointer}/${index}`));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, child]) => [key, walk(child, `${pointer}/${escapePointer(key)}`)]),
      );
    }
    return value;
  };
  const result = walk(document, '') as T;
  if (faults.length) throw new DefinitionError(faults);
  return result;
}

/** Terms a document uses, for the lint that reports terms missing from an edition. */
export function termsUsedIn(document: unknown): Set<string> {
  const used = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') for (const match of value.matchAll(TERM)) used.add(match[1]!);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(document);
  return used;
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
