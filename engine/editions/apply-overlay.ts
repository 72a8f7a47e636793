import jsonMergePatch from 'json-merge-patch';
import fastJsonPatch, { type Operation } from 'fast-json-patch';
import type { Overlay } from '../definitions/types.ts';
import { DefinitionError } from '../registry/faults.ts';

/**
 * Applies an edition overlay: the merge patch first (the easy way to change labels and add or remove
 * properties), then the JSON Patch operations (for arrays, such as a field inserted into a layout
 * section). A `test` operation lets an overlay state what it expects to find, so that a change to the
 * base definition makes the overlay fail loudly instead of patching the wrong element.
 */
export function applyOverlay<T extends object>(document: T, overlay: Overlay, overlayFile: string): T {
  let result = structuredClone(document) as object;
  if (overlay.merge) result = jsonMergePatch.apply(result, overlay.merge) as object;
  if (overlay.patch?.length) {
    const operations = overlay.patch as Operation[];
    const problem = fastJsonPatch.validate(operations, result);
    if (problem) {
      const index = (problem as { index?: number }).index ?? 0;
      throw new DefinitionError([{ file: overlayFile, pointer: `/patch/${index}`, message: problem.message.split('\n')[0]! }]);
    }
    try {
      result = fastJsonPatch.applyPatch(result, operations, false, false).newDocument;
    } catch (error) {
      const index = (error as { index?: number }).index ?? 0;
      throw new DefinitionError([{ file: overlayFile, pointer: `/patch/${index}`, message: String((error as Error).message).split('\n')[0]! }]);
    }
  }
  return result as T;
}
