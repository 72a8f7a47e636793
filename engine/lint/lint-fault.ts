/** A lint finding: which definition, where in it (JSON pointer), what is wrong, and which check found it. */
export interface LintFault {
  id: string;
  pointer: string;
  message: string;
  check: LintCheck;
  /** Errors refuse a publish and fail the tests; warnings are shown (a binding to an operation the contract does not describe yet). */
  severity: 'error' | 'warning';
}

export const WARNING_CHECKS: ReadonlySet<LintCheck> = new Set(['unknown-operation']);

export function severityOf(check: LintCheck): LintFault['severity'] {
  return WARNING_CHECKS.has(check) ? 'warning' : 'error';
}

export type LintCheck =
  | 'unknown-rule-field'
  | 'field-not-in-layout'
  | 'layout-unknown-field'
  | 'message-unknown-field'
  | 'missing-term'
  | 'unknown-operation'
  | 'field-refused-by-operation'
  | 'field-missing-for-operation'
  | 'column-not-in-response'
  | 'dialog-without-binding'
  | 'table-without-operation'
  | 'unknown-component'
  | 'duplicate-tab'
  | 'unknown-nav-group'
  | 'sample-risk-refused'
  | 'product-without-sample'
  | 'irpm-dialog-mismatch'
  | 'staff-words-in-user-text';
