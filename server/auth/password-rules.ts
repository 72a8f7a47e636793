import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';

export interface PasswordConstraint {
  errorCode: string;
  displayText: string;
  test(password: string): boolean;
}

/** The password rules as data: served to the browser as a checklist and enforced on every password set. */
export const PASSWORD_CONSTRAINTS: readonly PasswordConstraint[] = [
  {
    errorCode: 'PASSWORD_TOO_SHORT',
    displayText: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => [...p].length >= PASSWORD_MIN_LENGTH,
  },
  {
    errorCode: 'PASSWORD_TOO_LONG',
    displayText: `No more than ${PASSWORD_MAX_LENGTH} characters`,
    test: (p) => [...p].length <= PASSWORD_MAX_LENGTH,
  },
  { errorCode: 'PASSWORD_NO_UPPERCASE', displayText: 'At least one uppercase letter', test: (p) => /\p{Lu}/u.test(p) },
  { errorCode: 'PASSWORD_NO_LOWERCASE', displayText: 'At least one lowercase letter', test: (p) => /\p{Ll}/u.test(p) },
  { errorCode: 'PASSWORD_NO_DIGIT', displayText: 'At least one number', test: (p) => /\d/.test(p) },
  {
    errorCode: 'PASSWORD_NO_SPECIAL',
    displayText: 'At least one special character',
    test: (p) => /[^\p{L}\p{N}\s]/u.test(p),
  },
  { errorCode: 'PASSWORD_HAS_WHITESPACE', displayText: 'No spaces', test: (p) => !/\s/.test(p) },
];

export interface PasswordRuleError {
  code: string;
  detail: string;
}

export function checkPassword(password: string): PasswordRuleError[] {
  return PASSWORD_CONSTRAINTS.filter((rule) => !rule.test(password)).map((rule) => ({
    code: rule.errorCode,
    detail: rule.displayText,
  }));
}
