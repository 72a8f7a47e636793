/**
 * The studio's view of the definition operations' answers: their types, and what a refused publish or
 * a failed load says to the user. The calls themselves go through `run` (api/run.ts).
 */
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
