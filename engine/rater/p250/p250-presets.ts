import type { RaterPreset } from '../../definitions/rater-types.ts';
import type { RaterDefinitions } from '../rating-types.ts';

/**
 * The presets an account can choose for a product: the standard ones (BASIC, POPULAR, ELITE), those of
 * its industry (the longest matching code prefix replaces a standard preset of the same name or adds one)
 * and its agency's custom presets.
 */
export function presetsFor(rater: RaterDefinitions, product: string, industryCode: string | number, agencyId?: string): RaterPreset[] {
  const code = String(industryCode);
  const byName = new Map<string, RaterPreset>();
  for (const definition of rater.presets.filter((candidate) => candidate.products.includes(product))) {
    for (const preset of definition.presets) byName.set(preset.name.toUpperCase(), preset);
    const industry = (definition.industryPresets ?? [])
      .filter((entry) => code.startsWith(entry.industryPrefix))
      .sort((a, b) => b.industryPrefix.length - a.industryPrefix.length)[0];
    for (const preset of industry?.presets ?? []) byName.set(preset.name.toUpperCase(), preset);
    const agency = agencyId ? (definition.agencyPresets ?? []).find((entry) => entry.agencyId === agencyId) : undefined;
    for (const preset of agency?.presets ?? []) byName.set(preset.name.toUpperCase(), preset);
  }
  return [...byName.values()].sort((a, b) => a.id - b.id);
}

/** A preset by number or name (case-insensitive). */
export function findPreset(presets: RaterPreset[], wanted: number | string): RaterPreset | undefined {
  return typeof wanted === 'number' ? presets.find((preset) => preset.id === wanted) : presets.find((preset) => preset.name.toUpperCase() === wanted.toUpperCase());
}
