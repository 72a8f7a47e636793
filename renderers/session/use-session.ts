import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import type { Query, QueryState } from './query.ts';
import {
  currentUserQuery,
  environmentQuery,
  featureFlagsQuery,
  permissionsQuery,
  preferencesQuery,
  sessionStore,
  signedInAtom,
  type CurrentUser,
  type Environment,
  type MyPreferences,
  type PermissionsMap,
} from './store.ts';
import { hasPermissions, type PermissionRequirement } from './permissions.ts';

/** A query's state, fetching it when it is missing or stale (on mount, and when the window regains focus). */
function useQuery<T>(query: Query<T>, enabled = true): QueryState<T> {
  const state = useAtomValue(query.atom, { store: sessionStore });
  useEffect(() => {
    if (!enabled) return undefined;
    void query.ensure(sessionStore);
    const onFocus = () => void query.ensure(sessionStore);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [query, enabled]);
  return state;
}

export function useSignedIn(): boolean {
  return useAtomValue(signedInAtom, { store: sessionStore });
}

/** The signed-in user (GET me), fresh for ten minutes. Only fetched while tokens are held. */
export function useCurrentUser(): QueryState<CurrentUser> {
  return useQuery(currentUserQuery, useSignedIn());
}

/** The user's own preferences (theme, saved table views); only fetched while tokens are held. */
export function useMyPreferences(): QueryState<MyPreferences> {
  return useQuery(preferencesQuery, useSignedIn());
}

export function usePermissionsMap(): QueryState<PermissionsMap> {
  return useQuery(permissionsQuery, useSignedIn());
}

/** Whether the signed-in user holds the permissions (all, or any with match 'any'). */
export function usePermission(required: PermissionRequirement, match: 'all' | 'any' = 'all'): boolean {
  const { data } = usePermissionsMap();
  return hasPermissions(data?.permissions, required, match);
}

/** Feature flags for this edition; empty until they load (every flag off). */
export function useFeatureFlags(): Record<string, boolean> {
  return useQuery(featureFlagsQuery).data ?? NO_FLAGS;
}

export function useFeatureFlag(name: string): boolean {
  return useFeatureFlags()[name] === true;
}

export function useEnvironment(): Environment | undefined {
  return useQuery(environmentQuery).data;
}

const NO_FLAGS: Record<string, boolean> = {};
