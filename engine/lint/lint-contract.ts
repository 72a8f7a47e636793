import type { FormDefinition, JsonSchema, TableDefinition } from '../definitions/types.ts';
import { severityOf, type LintFault } from './lint-fault.ts';

/** What the lint needs from api/openapi.yaml: per operationId, the request body and success response schemas, $refs resolved. */
export type ContractOperations = Record<string, { request?: JsonSchema; response?: JsonSchema }>;

/**
 * A form bound to an operation must send what the operation's request accepts: no field the request
 * would refuse (when it allows no other properties) and every field it requires. A table's columns must
 * read paths that the operation's rows have.
 */
export function lintFormContract(form: FormDefinition, operations: ContractOperations): LintFault[] {
  const faults: LintFault[] = [];
  const fault = (pointer: string, message: string, check: LintFault['check']) => faults.push({ id: form.id, pointer, message, check, severity: severityOf(check) });
  for (const role of ['load', 'submit', 'update'] as const) {
    const operationId = form.binding?.[role];
    if (operationId && !operations[operationId]) fault(`/binding/${role}`, `operation ${operationId} is not in the API contract`, 'unknown-operation');
  }
  const precheck = form.binding?.precheck?.operation;
  if (precheck && !operations[precheck]) fault('/binding/precheck/operation', `operation ${precheck} is not in the API contract`, 'unknown-operation');
  // A lookup field reads its choices from an operation (ui:options.lookup, renderers/form/widgets/lookup-widget.tsx);
  // a checked field asks one as it is typed (ui:options.check, renderers/form/remote-checks.tsx).
  for (const [field, ui] of Object.entries(form.uiSchema ?? {})) {
    const options = (ui as { 'ui:options'?: { lookup?: { operation?: unknown }; check?: { operation?: unknown } } } | null)?.['ui:options'];
    for (const kind of ['lookup', 'check'] as const) {
      const operationId = options?.[kind]?.operation;
      if (typeof operationId === 'string' && !operations[operationId]) {
        fault(`/uiSchema/${field}/ui:options/${kind}/operation`, `operation ${operationId} is not in the API contract`, 'unknown-operation');
      }
    }
  }
  const submit = form.binding?.submit ? operations[form.binding.submit] : undefined;
  const request = submit?.request;
  if (!request) return faults;
  const fields = Object.keys((form.schema.properties as object) ?? {});
  const accepted = Object.keys((request.properties as object) ?? {});
  if (request.additionalProperties === false) {
    for (const field of fields.filter((name) => !accepted.includes(name))) {
      fault(`/schema/properties/${field}`, `${form.binding!.submit} does not accept ${field}`, 'field-refused-by-operation');
    }
  }
  for (const required of (request.required as string[] | undefined) ?? []) {
    if (!fields.includes(required)) fault('/schema/properties', `${form.binding!.submit} requires ${required}, which the form does not have`, 'field-missing-for-operation');
  }
  return faults;
}

export function lintTableContract(table: TableDefinition, operations: ContractOperations): LintFault[] {
  if (!table.operation) return [];
  const operation = operations[table.operation];
  if (!operation) return [{ id: table.id, pointer: '/operation', message: `operation ${table.operation} is not in the API contract`, check: 'unknown-operation', severity: severityOf('unknown-operation') }];
  const row = rowSchemaOf(operation.response);
  if (!row) return [];
  return table.columns.flatMap((column, index) =>
    hasPath(row, column.path)
      ? []
      : [{ id: table.id, pointer: `/columns/${index}/path`, message: `${table.operation} rows have no ${column.path}`, check: 'column-not-in-response' as const, severity: 'error' as const }],
  );
}

/** Rows of a list response: a paged `{ content: [...] }` or a plain array. */
function rowSchemaOf(response: JsonSchema | undefined): JsonSchema | undefined {
  if (!response) return undefined;
  const content = (response.properties as Record<string, JsonSchema> | undefined)?.content;
  if (content?.items) return content.items as JsonSchema;
  if (response.items) return response.items as JsonSchema;
  return undefined;
}

function hasPath(schema: JsonSchema, path: string): boolean {
  let current: JsonSchema | undefined = schema;
  for (const key of path.split('.')) {
    if (!current) return false;
    if (current.additionalProperties && current.additionalProperties !== false && !current.properties) return true;
    current = (current.properties as Record<string, JsonSchema> | undefined)?.[key];
  }
  return Boolean(current);
}
