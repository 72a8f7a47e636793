import type { Edition } from '../../engine/index.ts';
import type { FormSession } from './form-session.ts';

/**
 * What rjsf passes down to every template and widget as `formContext`. It stays the same object while
 * the user types (the session changes inside), so rjsf's registry and memoised fields stay put.
 */
export interface DefinitionFormContext {
  session: FormSession;
  edition: Edition;
  /** Every edition, for a record of another one than the host's (a UK policy read on the US host). */
  editions?: readonly Edition[];
  /** The user's today (YYYY-MM-DD), for date bounds such as `today+7`. */
  today: string;
  /** Field columns per section on wide screens: 1 in narrow dialogs, 2 on pages. */
  columns: 1 | 2;
}
