import type { components } from '../../api/schema.d.ts';
import { run } from '../session/run.ts';

export type Bundle = components['schemas']['DefinitionBundle'];

let early: Promise<Bundle> | null = null;

/**
 * Asks for the bundle ahead of the signed-in shell (renderers/session/signed-in-prefetch.ts); the shell's
 * getBundle then takes this answer instead of asking again. Only the request moves earlier: building the
 * registry from it still waits for the shell, so it does not compete with the shell's code for the main thread.
 */
export function prefetchBundle(): void {
  if (early) return;
  early = run('getDefinitionBundle');
  // Whoever takes it handles a failure; until then it is not an unhandled rejection.
  early.catch(() => undefined);
}

/** The published definitions the app runs with (files with the newest published version of each applied). */
export async function getBundle(): Promise<Bundle> {
  const prefetched = early;
  early = null;
  return prefetched ?? run('getDefinitionBundle');
}
