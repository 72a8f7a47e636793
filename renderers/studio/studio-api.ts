import type { ApiClient } from '../../api/client.ts';
import { api } from '../session/api.ts';
import { isApiError } from '../../api/api-error.ts';
import type { components } from '../../api/schema.d.ts';

type Schemas = components['schemas'];
export type DocumentSummary = Schemas['DefinitionDocumentSummary'];
export type CurrentDocument = Schemas['DefinitionDocument'];
export type VersionSummary = Schemas['DefinitionVersionSummary'];
export type VersionList = Schemas['DefinitionVersionList'];
export type StoredVersion = Schemas['DefinitionVersion'];
export type Published = Schemas['DefinitionPublished'];
export type ServerFault = Schemas['DefinitionFault'];

/** The app's one client (one per tab, so token refreshes never race); tests may hand over another. */
let shared: ApiClient = api;

export function setDefinitionsApiClient(client: ApiClient): void {
  shared = client;
}

export function definitionsApi(): ApiClient {
  return shared;
}

const path = (key: string) => ({ params: { path: { key } } });

export async function listDocuments(): Promise<DocumentSummary[]> {
  const { data } = await definitionsApi().GET('/api/definitions/v1/documents');
  return data!.content;
}

export async function getDocument(key: string): Promise<CurrentDocument> {
  const { data } = await definitionsApi().GET('/api/definitions/v1/documents/{key}', path(key));
  return data!;
}

export async function listVersions(key: string): Promise<VersionList> {
  const { data } = await definitionsApi().GET('/api/definitions/v1/documents/{key}/versions', path(key));
  return data!;
}

export async function getVersion(key: string, version: number): Promise<StoredVersion> {
  const { data } = await definitionsApi().GET('/api/definitions/v1/documents/{key}/versions/{version}', {
    params: { path: { key, version } },
  });
  return data!;
}

export async function publishDocument(key: string, document: object, note: string, baseVersion: number): Promise<Published> {
  const { data } = await definitionsApi().POST('/api/definitions/v1/documents/{key}/versions', {
    ...path(key),
    body: { document: document as Record<string, unknown>, note, baseVersion },
  });
  return data!;
}

export async function restoreVersion(key: string, version: number, note: string, baseVersion: number): Promise<Published> {
  const { data } = await definitionsApi().POST('/api/definitions/v1/documents/{key}/restore', {
    ...path(key),
    body: { version, note, baseVersion },
  });
  return data!;
}

/** What a refused publish or restore said, split the way the studio shows it. */
export type PublishFailure =
  | { kind: 'conflict'; message: string; currentVersion: number; changedBy: string | null }
  | { kind: 'refused'; message: string; faults: ServerFault[] }
  | { kind: 'other'; message: string };

export function publishFailureOf(error: unknown): PublishFailure {
  if (isApiError(error)) {
    const body = (error.body ?? {}) as { faults?: ServerFault[]; currentVersion?: number; changedBy?: string | null; message?: string };
    if (error.status === 409) {
      return { kind: 'conflict', message: body.message ?? error.message, currentVersion: body.currentVersion ?? 0, changedBy: body.changedBy ?? null };
    }
    if ((error.status === 422 || error.status === 400) && Array.isArray(body.faults)) {
      return { kind: 'refused', message: body.message ?? error.message, faults: body.faults };
    }
    return { kind: 'other', message: error.message };
  }
  return { kind: 'other', message: (error as Error)?.message ?? String(error) };
}

/** A message for a failed load: what the user can do about it, never a stack. */
export function loadFailureMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return 'Your session has ended. Sign in again to use the studio.';
    if (error.status === 403) return 'You do not have permission to see definitions.';
    if (error.status === 404) return 'There is no definition with this key.';
    return error.message;
  }
  return (error as Error)?.message ?? String(error);
}
