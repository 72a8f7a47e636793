import type { Definition, EditionId, Registry } from '../../engine/index.ts';

export type Resolution = { ok: true; definition: Definition } | { ok: false; message: string };

/** A definition that loads may still fail to resolve in one edition (a stale overlay): say so, do not crash. */
export function resolveSafely(registry: Registry, id: string, edition: EditionId): Resolution {
  try {
    return { ok: true, definition: registry.resolve(id, edition) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}
