/**
 * The shapes of definitions as they are stored (files under definitions/ and editions/, later the
 * database). Each kind has a meta-schema in engine/meta/ that checks the same shape at load time;
 * these types describe what the rest of the engine may rely on once a document has passed it.
 */
import type { JsonLogic, JsonObject, JsonValue } from './json-types.ts';
import type { RaterDefinition } from './rater-types.ts';

export * from './json-types.ts';
export * from './rater-types.ts';

export const DEFINITION_KINDS = ['form', 'table', 'list', 'page', 'product', 'coverage-catalogue', 'rating-table', 'rater-presets', 'rater-sample-risks'] as const;
export type DefinitionKind = (typeof DEFINITION_KINDS)[number];

interface DefinitionBase {
  id: string;
  kind: DefinitionKind;
  version: number;
  title?: string;
  description?: string;
  /** For staff only (why it is so, the spec it follows); no screen draws it. */
  notes?: string;
}

/** A JSON Schema (draft-07) fragment, kept loose: ajv and rjsf are the ones that interpret it. */
export type JsonSchema = { [key: string]: unknown };

/** One visual group of a form; the form renderer draws sections as cards or fieldsets. */
export interface FormSection {
  id: string;
  title?: string;
  description?: string;
  /** For staff only (why it is so, the spec it follows); no screen draws it. */
  notes?: string;
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
  /** For staff only (why it is so, the spec it follows); no screen draws it. */
  notes?: string;
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
  /** Asked before a save: what the save would do, and a confirmation when that needs one (spec 002 'Make Changes'). */
  precheck?: FormPrecheck;
}

/**
 * A question put to the server before a save (spec 002 section 4: 'Saving outside a quote first checks
 * whether the changes will invalidate or refer quotes'): the operation is called with the save's path
 * parameters and body; when `confirmWhen` holds over `{ result }` the confirmation opens, and the save
 * goes ahead only once it is accepted. Otherwise the save proceeds at once.
 */
export interface FormPrecheck {
  operation: string;
  confirmWhen: JsonLogic;
  title: string;
  /** The confirmation's text: json-logic over `{ result }` (a plain string is itself). */
  text: JsonLogic;
  confirmLabel: string;
  cancelLabel?: string;
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
  /** Asked before a dialog with changes is closed ('You have unsaved changes, are you sure you want to cancel?'). */
  cancelConfirm?: string;
  /** The dialog the submit's answer calls for, wherever the form is opened (a page action may override it). */
  outcome?: ActionOutcome;
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
  /** A mark (a star) where the value is true and nothing where it is false: a starred message. */
  | 'star'
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
  /** What a select's empty choice (no value sent) is called: 'All' unless the server reads no value as something narrower. */
  emptyLabel?: string;
  options?: { value: JsonValue; label: string }[];
}

/**
 * Something a user can do on a page: open a dialog for a form definition, run an operation (after a
 * confirmation), or go to another page. Table rows and page toolbars use the same shape. Values named
 * by json-logic read `{ row, record, route, chosen, result, mode }`: the row acted on, the detail
 * block's record, the route's parameters, the record picked before a toolbar action, an operation's
 * answer and the dialog's mode ('create' or 'edit').
 */
export interface PageAction {
  id: string;
  label: string;
  /** Open this form definition in a dialog: on a row (or record) it loads it with binding.load and saves with binding.update; from the toolbar it creates with binding.submit. */
  dialog?: string;
  /** Run this operation (after the confirmation text is accepted, when there is one). */
  operation?: string;
  /** Go to this path, relative to the user's area (`claims/{id}` is /agency/claims/…); `{field}` is filled from the row. */
  navigate?: string;
  confirm?: string;
  /** The confirm button's label (default: the action's label). */
  confirmLabel?: string;
  /** The confirmation is drawn as a destructive choice (red). */
  destructive?: boolean;
  /** json-logic over the row deciding whether the action is offered. */
  when?: JsonLogic;
  /** Permissions the user needs for the action to show (the server checks them again). */
  permission?: string[];
  /** Path parameters of the operations: name -> json-logic. Default: the one path parameter gets the row's key. */
  params?: Record<string, JsonLogic>;
  /** Query parameters of the create operation, or of the operation an action runs (a download by `docId`): name -> json-logic. */
  query?: Record<string, JsonLogic>;
  /**
   * The request body of the operation the action runs: field -> json-logic. A table's bulk action reads
   * `selected` (the rows chosen) and `keys` (their row keys): `{"policyIds": {"var": "keys"}}`.
   */
  body?: Record<string, JsonLogic>;
  /** A new record's starting data: field -> json-logic. */
  initialData?: Record<string, JsonLogic>;
  /** Toast title after success (json-logic; a plain string is itself). */
  success?: JsonLogic;
  /** Toast text under the title. */
  successDetail?: JsonLogic;
  /** The failure text the server's message follows (spec wording, e.g. 'Failed to delete claim'). */
  failure?: string;
  /** After a create the dialog stays open on the new record ('edit') or closes (default). */
  afterCreate?: 'close' | 'edit';
  /** The table is read again this long after a success (for effects the server shows later). */
  refetchDelayMs?: number;
  /** An operation's success toast shows this long after the server answered (spec 001: a removed connector's message after 5 seconds). */
  successDelayMs?: number;
  /** Toolbar actions: the record the action is for is chosen first from this operation's rows. */
  choose?: ActionChoice;
  /** After a success, a value shown once in a dialog with a copy button (a new API key's secret). */
  reveal?: ActionReveal;
  /**
   * Json-logic over the scope (`{ record }` on a detail block): a text while the action may not be used (the
   * button shows disabled with the text beside it and as its tooltip), nothing otherwise.
   */
  disabledReason?: JsonLogic;
  /**
   * After a success, go to this path (as `navigate`: relative to the user's area unless it starts with '/';
   * `{field}` is filled from the row, or from the operation's answer): the attestation leads to the sign page.
   */
  next?: string;
  /**
   * A dialog's record is saved with this operation (its path parameters json-logic over the action's scope)
   * instead of the form's binding.update, and without the form's precheck: the account's details saved
   * through the quote a review page shows (spec 002 section 4: inside a quote the save patches the quote).
   */
  saveWith?: { operation: string; params?: Record<string, JsonLogic> };
  /** After a success, wait until the server shows the change (a patched quote): see AwaitChange. */
  awaitChange?: AwaitChange;
  /** After a success whose answer says it did not go as asked, a dialog saying why: see ActionOutcome. */
  outcome?: ActionOutcome;
}

/**
 * A dialog shown after a success, in place of its toast, while `when` holds over `{ result, row, ... }`: `text`
 * and the lines `items` yields (spec 002 section 8: social engineering answers that rule the endorsement out
 * are saved, and the 'unavailable' dialog lists the reasons).
 */
export interface ActionOutcome {
  when: JsonLogic;
  title: string;
  text: string;
  items: JsonLogic;
}

/**
 * The record is read again with `operation` every `intervalMs`, at most `attempts` times, until `until`
 * holds (json-logic over `before`, the record the action started from, and `result`, the record read), with
 * `busyText` over the page meanwhile; then `success` is shown, or `failure` when it never held (spec 002
 * section 4 Review page: polled every 3 s up to 10 times until lastPatched is newer).
 */
export interface AwaitChange {
  operation: string;
  params?: Record<string, JsonLogic>;
  until: JsonLogic;
  intervalMs: number;
  attempts: number;
  busyText: string;
  success: string;
  failure: string;
}

/**
 * A value the server gives once and never again (a new key or secret): after the action succeeds it is shown
 * in a dialog of its own with a copy button, and gone once that dialog is closed.
 */
export interface ActionReveal {
  title: string;
  /** What to tell the user about the value (that it will not be shown again). */
  text: string;
  /** The value: json-logic over `{ result, row, ... }`; nothing is shown when it yields nothing. */
  value: JsonLogic;
  /** The value's label (e.g. 'API Key'). */
  label: string;
  /** The confirmation shown for a moment after a copy ('Copied to Clipboard Successfully'). */
  copiedText: string;
}

/** A picker shown beside a toolbar action (the client account a claim is reported for). */
export interface ActionChoice {
  operation: string;
  label: string;
  placeholder: string;
  /** Row paths of the option's value and label. */
  valuePath: string;
  labelPath: string;
  /** Why the action is disabled when there is nothing to choose. */
  emptyText: string;
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
  /** A short list read whole (a schedule's coverages or charges): every row shown, no toolbar and no paging. */
  summary?: boolean;
  /** json-logic over a row: the rows it holds for are drawn in bold (a total line). */
  strongRows?: JsonLogic;
  rowActions?: PageAction[];
  /**
   * Actions on several rows at once: the table offers a checkbox per row (and one for the page), and each
   * bulk action runs its operation once with the chosen rows in its `body` (after its confirmation).
   */
  bulkActions?: PageAction[];
  rowDetail?: { fields: { label: string; path: string; format?: ColumnFormat; list?: string }[] };
  csv?: { fileName: string };
  emptyText?: string;
  /** The text of a list that could not be read ('Not able to fetch Agencies list.'); the server's reason follows. */
  failureText?: string;
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

/** A block of a page: what the page shows, top to bottom. */
export type PageBlock = TableBlock | TabsBlock | DetailBlock | ComponentBlock | NoticeBlock;

/** What every block may carry. */
interface BlockBase {
  /** Json-logic over the page scope: the block shows only while it holds (the excess layers of a Prime 250 policy). */
  when?: JsonLogic;
}

/** A table definition whose operation runs with server paging, sorting, search and filters. */
export interface TableBlock extends BlockBase {
  type: 'table';
  table: string;
  /** Extra query parameters of the table's operation: name -> json-logic (`{"var": "record.id"}`). */
  query?: Record<string, JsonLogic>;
  /** Path parameters of the table's operation (`/getActionList/{connectorId}`): name -> json-logic. */
  params?: Record<string, JsonLogic>;
  /** Toolbar actions above the table. */
  actions?: PageAction[];
  /**
   * Json-logic over the page scope yielding the rows themselves (`{"var": "record.coverages"}`): a list the
   * record already carries, shown through the table's columns without an operation of its own.
   */
  rows?: JsonLogic;
  /** This block's first page size, offered beside the table's own (spec 002 section 9: dashboard default size 20). */
  pageSize?: number;
}

/** Tabs, each a block; the selected tab is the query parameter `param` (`?tab=POLICIES`). */
export interface TabsBlock extends BlockBase {
  type: 'tabs';
  param: string;
  tabs: { id: string; label: string; block: PageBlock }[];
}

/** One record loaded by route parameters and shown through a form definition, with related blocks. */
export interface DetailBlock extends BlockBase {
  type: 'detail';
  form: string;
  /** Path parameters of the form's binding.load (and binding.update): name -> json-logic over `{ route }`. */
  params: Record<string, JsonLogic>;
  /** Saving runs the form's binding.update; otherwise the record is read-only. */
  editable?: boolean;
  /** Json-logic over `{ record }` deciding whether the record may be edited (e.g. not once filed). */
  editableWhen?: JsonLogic;
  /** Blocks below the record; their json-logic reads the record (`{"var": "record.id"}`). */
  related?: PageBlock[];
  /** Buttons above the record: a dialog on the record (load and update), an operation, or a page to go to. */
  actions?: PageAction[];
  /** The record's heading: json-logic over `{ record }` yielding a text (a quote's heading by its agency status). */
  heading?: JsonLogic;
  /** A line above the heading, json-logic over `{ record }`: the review page's welcome to the {{agency}} the quote comes from. */
  caption?: JsonLogic;
  /** Banners above the record, each shown while its `when` holds over `{ record }` (a request to bind already sent). */
  notices?: DetailNotice[];
  /**
   * Covers the page while `when` holds over `{ record }`, with no way to act on the record: a quote that is no
   * longer valid shows why and whom to call instead of its actions.
   */
  blocking?: { when: JsonLogic; title: string; text: JsonLogic };
  /**
   * What the page says when the record cannot be read (spec 000 'There was an error while retrieving the
   * quote'): `text` in place of the record, and `refused` covering the page when the caller may not see it.
   */
  loadFailure?: { text: string; refused?: { title: string; text: string } };
}

export interface DetailNotice {
  when: JsonLogic;
  status: 'info' | 'warning' | 'success' | 'error';
  /** Json-logic over `{ record }` yielding the text. */
  text: JsonLogic;
}

/** A registered bespoke component (engine/pages/page-components.ts lists the names). */
export interface ComponentBlock extends BlockBase {
  type: 'component';
  component: string;
  /** What the component is about: name -> json-logic over the page scope (`{"accountId": {"var": "record.id"}}`). */
  params?: Record<string, JsonLogic>;
}

/** A short text: a heading and what the area offers (edition terms allowed). */
export interface NoticeBlock extends BlockBase {
  type: 'notice';
  title?: string;
  text: string;
}

export interface PageDefinition extends DefinitionBase {
  kind: 'page';
  title: string;
  /** false when the page's component draws its own headings (the studio, the gallery). */
  showHeading?: boolean;
  /** The route under each persona's area: `claims`, `claims/:claimId`, `studio/*`. */
  path: string;
  /**
   * An address kept for links made elsewhere: the page goes to this path of its area, `{route.name}` and
   * `{query.name}` filled from the address. With one of them missing the page shows its blocks instead.
   */
  redirect?: string;
  /** The areas the page is mounted in. */
  personas: string[];
  /** Permissions the user needs to see the page and its navigation entry. */
  permission?: string[];
  /**
   * The entry in the area's navigation; pages without one are reached by links. `group` is one of
   * NAV_GROUPS (engine/pages/nav-groups.ts): the header's menu the entry sits in; without one it is a direct link.
   */
  nav?: { label: string; order: number; group?: string };
  blocks: PageBlock[];
}

export type Definition = FormDefinition | TableDefinition | ListDefinition | PageDefinition | RaterDefinition;

/** An edition overlay: RFC 7396 merge patch, then RFC 6902 operations, for one definition. */
export interface Overlay {
  target: string;
  description?: string;
  /** For staff only (why it is so, the spec it follows); no screen draws it. */
  notes?: string;
  merge?: JsonObject;
  patch?: { op: string; path: string; from?: string; value?: JsonValue }[];
}
