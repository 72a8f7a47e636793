import type { Location } from 'react-router';

/** What pages pass to /login in the router's state. */
export interface LoginState {
  /** Where the visitor was when sent to sign in. */
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** Where a link says to go after signing in (quote links). */
  redirectURL?: string;
  /** Prefills the e-mail. */
  email?: string;
  existingUser?: boolean;
  /** The invitation (EXISTING_USER link) the user accepts by signing in: the membership starts then. */
  acceptInvitation?: string;
  existingUserForQuote?: boolean;
  existingAgentForQuote?: boolean;
}

/** A path inside the console; anything else (another origin, '//host') is refused. */
export function safeInternalPath(path: string | null | undefined): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  return path;
}

/** Where a successful sign-in goes: the link's redirect, the 'from' location, otherwise /loading. */
export function afterSignIn(state: LoginState | null | undefined): string {
  const redirect = safeInternalPath(state?.redirectURL);
  if (redirect) return redirect;
  const from = state?.from;
  if (from?.pathname && from.pathname !== '/login') return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return '/loading';
}
