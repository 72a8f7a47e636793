import { FormRuntime, fieldPathsOf, type FormDefinition, type RuleContext } from '../../engine/index.ts';

/** One field's fault, in the definition's words: `code` is the keyword ('required', 'pattern', 'rule:<id>'). */
export interface FieldFault {
  field: string;
  message: string;
  code: string;
}

export type FormCheck =
  | { ok: true; data: Record<string, unknown>; fields: string[] }
  | { ok: false; errors: FieldFault[] };

/** Fields whose text is taken as typed: a password's spaces are part of it. */
function verbatimFields(definition: FormDefinition): Set<string> {
  const ui = definition.uiSchema ?? {};
  return new Set(Object.keys(ui).filter((field) => {
    const options = ui[field];
    return typeof options === 'object' && options !== null && !Array.isArray(options) && options['ui:widget'] === 'password';
  }));
}

/**
 * Checks data with the same runtime the browser runs: the definition's schema, its rules (with the rule
 * context) and its messages. What passes is the runtime's payload: fields the rules hide are dropped, and
 * so are fields this edition's form does not have (a US `state` sent to the UK edition). Strings are
 * trimmed (passwords excepted), and `null` or '' count as a field left out, so nothing stores '' for
 * "not given".
 */
export function checkFormData(definition: FormDefinition, context: RuleContext, body: Readonly<Record<string, unknown>>): FormCheck {
  const known = new Set(fieldPathsOf(definition.schema).map((path) => path.split('.')[0]!));
  const verbatim = verbatimFields(definition);
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined || !known.has(key)) continue;
    const cleaned = typeof value === 'string' && !verbatim.has(key) ? value.trim() : value;
    if (cleaned !== '') input[key] = cleaned;
  }
  const runtime = new FormRuntime(definition, context);
  const state = runtime.update(input);
  if (!state.valid) {
    const errors = Object.entries(state.errors).flatMap(([field, faults]) =>
      faults.map((fault) => ({ field, message: fault.message, code: fault.keyword })),
    );
    return { ok: false, errors: orderByForm(definition, errors) };
  }
  const payload = runtime.payload(state);
  const data = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined && value !== ''));
  return { ok: true, data, fields: shownFields(state.fields) };
}

/**
 * The top-level fields the form showed for this data and context, whether or not they hold a value: a
 * handler that saves a whole record reads a shown field left out as emptied, and keeps a hidden one as it was.
 */
function shownFields(fields: Record<string, { path: string; visible: boolean }>): string[] {
  return [...new Set(Object.values(fields).filter((field) => field.visible).map((field) => field.path.split('.')[0]!))];
}

/** Faults in the order the form shows its fields, so the first message is the first field to fix. */
export function orderByForm(definition: FormDefinition, errors: readonly FieldFault[]): FieldFault[] {
  const order = [...(definition.layout?.sections ?? []).flatMap((section) => section.fields), ...fieldPathsOf(definition.schema)];
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  return [...errors].sort((a, b) => rank(a.field) - rank(b.field));
}
