/** A lint finding: which definition, where in it (JSON pointer), what is wrong, and which check found it. */
export interface LintFault {
  id: string;
  pointer: string;
  message: string;
  check: LintCheck;
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
  | 'column-not-in-response';
