/**
 * The session's state in one jotai store: whether tokens are held, the signed-in user (fresh for ten
 * minutes), the permission map, feature flags, the environment, the chosen team and the notices the
 * login page shows. The store is created here (not per render) so sign-in and sign-out, which run
 * outside React, can read and reset it.
 */
import { atom, createStore } from 'jotai';
import type { components } from '../../api/schema.d.ts';
import { editionIdAtom } from '../definitions/edition-atom.ts';
import { api, tokenStore } from './api.ts';
import {
  CURRENT_USER_STALE_MS,
  ENVIRONMENT_CACHE_MS,
  FEATURE_FLAGS_STALE_MS,
  FLAGS,
  PERMISSIONS_STALE_MS,
  PREFERENCES_STALE_MS,
  STORAGE_KEYS,
} from './constants.ts';
import { editionFor, editionFromHost } from './edition.ts';
import { createQuery } from './query.ts';
import { readTokenClaims } from './token-claims.ts';

export type CurrentUser = components['schemas']['CurrentUser'];
export type PermissionsMap = components['schemas']['PermissionsMap'];
export type Environment = components['schemas']['Environment'];
export type Team = components['schemas']['Team'];
export type MyPreferences = components['schemas']['MyPreferences'];

export const sessionStore = createStore();

/** Bumped whenever the tokens change, so everything derived from them recomputes. */
export const tokenRevisionAtom = atom(0);
tokenStore.subscribe(() => sessionStore.set(tokenRevisionAtom, (revision) => revision + 1));

export const signedInAtom = atom((get) => {
  get(tokenRevisionAtom);
  return tokenStore.getAccessToken() !== null || tokenStore.getRefreshToken() !== null;
});

/** The access token's claims (realm, scopes, account type); null while signed out. */
export const tokenClaimsAtom = atom((get) => {
  get(tokenRevisionAtom);
  return readTokenClaims(tokenStore.getAccessToken());
});

export const currentUserQuery = createQuery<CurrentUser>(async () => {
  const { data } = await api.GET('/api/auth/v1/me');
  return data!;
}, CURRENT_USER_STALE_MS);

export const permissionsQuery = createQuery<PermissionsMap>(async () => {
  const { data } = await api.GET('/api/auth/v1/permissions/map');
  return data!;
}, PERMISSIONS_STALE_MS);

/** The user's theme and saved table views (spec 002 section 4), kept on the server so they follow the user. */
export const preferencesQuery = createQuery<MyPreferences>(async () => {
  const { data } = await api.GET('/api/auth/v1/me/preferences');
  return data!;
}, PREFERENCES_STALE_MS);

export const featureFlagsQuery = createQuery<Record<string, boolean>>(async () => {
  const { data } = await api.GET('/api/auth/v1/feature-flags');
  return data?.flags ?? {};
}, FEATURE_FLAGS_STALE_MS);

/** The environment, kept in session storage for 30 minutes (spec 000 section 7). */
export const environmentQuery = createQuery<Environment>(async () => {
  const cached = readCachedEnvironment();
  if (cached) return cached;
  const { data } = await api.GET('/api/auth/v1/env');
  try {
    sessionStorage.setItem(STORAGE_KEYS.environment, JSON.stringify({ at: Date.now(), value: data }));
  } catch {
    // Storage full or blocked: the answer is still used, only not cached.
  }
  return data!;
}, ENVIRONMENT_CACHE_MS);

function readCachedEnvironment(): Environment | undefined {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.environment);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { at: number; value: Environment };
    return Date.now() - parsed.at < ENVIRONMENT_CACHE_MS ? parsed.value : undefined;
  } catch {
    return undefined;
  }
}

/** The informational message the login page shows (the remembered-device session expired). */
export const sessionNoticeAtom = atom<string | null>(null);

/** The chosen team: a team id, ALL_TEAMS, or null for the user's default team. */
export const selectedTeamAtom = atom<string | null>(readStoredTeam());

/**
 * The team the user chose in the selector, or null for All, before any choice and where there is no selector:
 * what pages filter their lists by (`{"var": "team"}` in a table block's query).
 */
export const shownTeamAtom = atom<string | null>(null);

function readStoredTeam(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.team);
  } catch {
    return null;
  }
}

export function chooseTeam(teamId: string): void {
  sessionStore.set(selectedTeamAtom, teamId);
  try {
    sessionStorage.setItem(STORAGE_KEYS.team, teamId);
  } catch {
    // Kept in memory only.
  }
}

/** Sets the app's edition: from the host at once, then from the server's answer and the UK flag. */
export function syncEdition(): void {
  const flags = sessionStore.get(featureFlagsQuery.atom).data;
  const environment = sessionStore.get(environmentQuery.atom).data;
  sessionStore.set(editionIdAtom, editionFor(window.location.hostname, environment?.edition, flags?.[FLAGS.ukEnvironment]));
}

sessionStore.set(editionIdAtom, editionFromHost(window.location.hostname));

/** Forgets everything the signed-in user's session held (sign-out, or a session that expired). */
export function resetSessionState(): void {
  currentUserQuery.reset(sessionStore);
  permissionsQuery.reset(sessionStore);
  preferencesQuery.reset(sessionStore);
  sessionStore.set(selectedTeamAtom, null);
  sessionStore.set(shownTeamAtom, null);
}
