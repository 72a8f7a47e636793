import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';

/**
 * How rjsf fills defaults, the same for the session's starting data and for the form. rjsf would
 * otherwise take the first `const` of every option list as its default: each yes/no question would
 * start answered 'Yes' and each state select at the first state, hiding the required messages the user
 * must see. Only a schema's own `default` (and lone `const`s) fill a field.
 */
export const DEFAULT_FORM_STATE_BEHAVIOR: Experimental_DefaultFormStateBehavior = { constAsDefaults: 'skipOneOf' };
