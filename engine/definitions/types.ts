/**
 * The shapes of definitions as they are stored (files under definitions/ and editions/, later the
 * database). Each kind has a meta-schema in engine/meta/ that checks the same shape at load time;
 * these types describe what the rest of the engine may rely on once a document has passed it.
 */
import type { RulesLogic } from 'json-logic-js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
export type JsonLogic = RulesLogic | JsonValue;

export const DEFINITION_KINDS = ['form', 'table', 'list', 'page'] as const;
export type DefinitionKind = (typeof DEFINITION_KINDS)[number];

interface DefinitionBase {
  id: string;
  kind: DefinitionKind;
  version: number;
  title?: string;
  description?: string;
}

/** A JSON Schema (draft-07) fragment, kept loose: ajv and rjsf are the ones that interpret it. */
export type JsonSchema = { [key: string]: unknown };

/** One visual group of a form; the form renderer draws sections as cards or fieldsets. */
export interface FormSection {
  id: string;
  title?: string;
  description?: string;
  fields: string[];
}

export type FieldPath = string;

/** An effect a rule has while its condition holds (level-triggered, not edge-triggered). */
export type RuleEffect =
  | { show: FieldPath[] }
  | { hide: FieldPath[] }
  | { require: FieldPath[] }
  | { enable: FieldPath[] }
  | { disable: FieldPath[] }
  | { clear: FieldPath[] }
  | { set: { field: FieldPath; value: JsonLogic } }
  | { message: { field: FieldPath; text: string; level?: MessageLevel } };

export type MessageLevel = 'error' | 'warning' | 'info';

export interface Rule {
  id: string;
  description?: string;
  /** json-logic over the form data, with the context under `$context`. */
  when: JsonLogic;
  effects: RuleEffect[];
}

export interface FormBinding {
  /** operationId that loads an existing record into the form. */
  load?: string;
  /** operationId the form submits a new record to (the server checks its body with this definition). */
  submit?: string;
  /** operationId the form saves an existing (loaded) record with; checked on the server the same way. */
  update?: string;
  /** The text of a refused save: the server's 400 message and the dialog's alert ('Error saving claim'). */
  failureText?: string;
}

export interface FormActions {
  submitLabel?: string;
  cancelLabel?: string;
  /** Submit stays disabled until the data differs from what was loaded. */
  disableUntilDirty?: boolean;
  /** Submit stays disabled while any error shows (otherwise submit reveals the errors). */
  disableUntilValid?: boolean;
  /** Dialog width. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

export interface FormDefinition extends DefinitionBase {
  kind: 'form';
  schema: JsonSchema;
  uiSchema?: JsonObject;
  layout?: { sections: FormSection[] };
  rules?: Rule[];
  /** Messages keyed `field.keyword` (for example `zipCode.pattern`). */
  messages?: Record<string, string>;
  binding?: FormBinding;
  actions?: FormActions;
  /** Data the definition gallery and studio preview the form with. */
  sample?: JsonObject;
}

export type ColumnFormat =
  | 'text'
  | 'number'
  | 'money'
  | 'rate'
  | 'date'
  | 'datetime'
  | 'phone'
  | 'boolean'
  | 'status'
  | 'list';

export interface TableColumn {
  id: string;
  header: string;
  /** Dotted path into the row. */
  path: string;
  format?: ColumnFormat;
  /** For format `list`: the list definition whose labels the values show as. */
  list?: string;
  sortable?: boolean;
  hidden?: boolean;
  /** Left out of CSV export (spec: 'columns flagged omit are skipped'). */
  omitFromCsv?: boolean;
  align?: 'start' | 'end';
}

export interface TableFilter {
  id: string;
  label: string;
  path: string;
  type: 'select' | 'multiSelect' | 'boolean' | 'dateRange';
  list?: string;
  options?: { value: JsonValue; label: string }[];
}

export interface TableRowAction {
  id: string;
  label: string;
  /** Open this dialog (a form definition id) with the row as its data. */
  dialog?: string;
  /** Call this operation after the confirmation text is accepted. */
  operation?: string;
  confirm?: string;
  /** json-logic over the row deciding whether the action is offered. */
  when?: JsonLogic;
}

export interface TableDefinition extends DefinitionBase {
  kind: 'table';
  operation?: string;
  rowKey: string;
  columns: TableColumn[];
  filters?: TableFilter[];
  defaultSort?: { column: string; desc: boolean };
  pageSizes?: number[];
  defaultPageSize?: number;
  search?: { placeholder: string; paths: string[] };
  rowActions?: TableRowAction[];
  rowDetail?: { fields: { label: string; path: string; format?: ColumnFormat; list?: string }[] };
  csv?: { fileName: string };
  emptyText?: string;
  sample?: JsonObject[];
}

export interface ListItem {
  value: string | number | boolean;
  label: string;
  /** Items only some editions or views offer carry tags (for example DC is tagged `full`). */
  tags?: string[];
}

export interface ListDefinition extends DefinitionBase {
  kind: 'list';
  items: ListItem[];
}

export interface PageDefinition extends DefinitionBase {
  kind: 'page';
  route: string;
  personas?: string[];
  blocks: { type: 'form' | 'table' | 'component'; ref: string }[];
}

export type Definition = FormDefinition | TableDefinition | ListDefinition | PageDefinition;

/** An edition overlay: RFC 7396 merge patch, then RFC 6902 operations, for one definition. */
export interface Overlay {
  target: string;
  description?: string;
  merge?: JsonObject;
  patch?: { op: string; path: string; from?: string; value?: JsonValue }[];
}
