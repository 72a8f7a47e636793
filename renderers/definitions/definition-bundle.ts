import type { components } from '../../api/schema.d.ts';
import { run } from '../session/api.ts';

export type Bundle = components['schemas']['DefinitionBundle'];

/** The published definitions the app runs with (files with the newest published version of each applied). */
export async function getBundle(): Promise<Bundle> {
  return run('getDefinitionBundle');
}
