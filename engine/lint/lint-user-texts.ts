import type { Definition } from '../definitions/types.ts';
import { severityOf, type LintFault } from './lint-fault.ts';

/**
 * Words that belong in a staff note, not on a screen: a citation of the specification ('Spec 002 section 5',
 * 'the spec's groups') and talk of the implementation (feature flags, 'while the … view is on', operation
 * ids, the rule context). Checked case-insensitively on whole words, so 'specimen' and 'Statement' pass.
 */
const STAFF_WORDS: { pattern: RegExp; what: string }[] = [
  { pattern: /\bspec(?:'s|s)?\b|\bspecification\b/i, what: 'cites the spec' },
  { pattern: /\bsections? \d/i, what: 'cites a section' },
  { pattern: /\bflag(?:s|ged)?\b/i, what: 'talks of flags' },
  { pattern: /\bview is (?:on|off)\b/i, what: 'talks of a switched view' },
  { pattern: /\boperationIds?\b|\$context\b|json-logic/i, what: 'talks of the implementation' },
];

/**
 * Keys whose values are not texts a user reads: names, paths, json-logic conditions, staff notes and preview
 * data. Every other string of a definition is for its users (labels, titles, descriptions, help, messages).
 */
const NOT_TEXT = new Set([
  'notes', 'id', 'kind', 'var', 'path', 'paths', 'operation', 'table', 'form', 'dialog', 'list', 'component', 'target', 'rowKey',
  'param', 'field', 'format', 'type', 'pattern', 'when', 'confirmWhen', 'until', 'valuePath', 'labelPath', 'column', 'sample',
  '$ref', '$id', '$schema', 'x-list', 'x-field-type', 'ui:widget', 'load', 'submit', 'update', 'value', 'const', 'key', 'code',
]);

/** Staff words on a user-facing text of a (resolved) definition; the detail belongs in a `notes` field. */
export function lintUserTexts(definition: Definition): LintFault[] {
  const faults: LintFault[] = [];
  const visit = (value: unknown, pointer: string) => {
    if (typeof value === 'string') {
      const found = STAFF_WORDS.find(({ pattern }) => pattern.test(value));
      if (found) {
        faults.push({
          id: definition.id,
          pointer,
          message: `a text users see ${found.what}: '${value.length > 80 ? `${value.slice(0, 77)}...` : value}'; put staff detail in a notes field`,
          check: 'staff-words-in-user-text',
          severity: severityOf('staff-words-in-user-text'),
        });
      }
      return;
    }
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${pointer}/${index}`));
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) if (!NOT_TEXT.has(key)) visit(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  visit(definition, '');
  return faults;
}
