import { prefetchBundle } from '../definitions/definition-bundle.ts';
import { PERSONAS } from './personas.ts';
import { currentUserQuery, permissionsQuery, preferencesQuery, sessionStore, signedInAtom } from './store.ts';

/** Whether `pathname` is inside a signed-in area (a persona's base), where the shell will need the reads below. */
function inSignedInArea(pathname: string): boolean {
  return PERSONAS.some((persona) => pathname === persona.base || pathname.startsWith(`${persona.base}/`));
}

/**
 * A page load inside a signed-in area asks, at once and side by side, for what the signed-in shell would
 * otherwise ask for one after another as its code arrives: the user (the shell waits for it), then the
 * published definitions (the pages wait for them), then the permissions and preferences (the header and
 * the tables). The shell's own requests then find them answered or on the way (the queries load once;
 * getBundle takes the early answer). Nothing starts on public pages or without tokens; a session that
 * turns out to have expired ends as it would have, through the API client's 401 handling.
 */
export function prefetchSignedInReads(pathname: string): void {
  if (!sessionStore.get(signedInAtom) || !inSignedInArea(pathname)) return;
  void currentUserQuery.ensure(sessionStore);
  void permissionsQuery.ensure(sessionStore);
  void preferencesQuery.ensure(sessionStore);
  prefetchBundle();
}
