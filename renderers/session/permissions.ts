/**
 * The permission helper (spec 000 section 6): permissions are 'resource:action' strings; a check lists
 * the required ones and matches all (default) or any. The words 'any' and 'none' pass and fail outright.
 */
export type PermissionRequirement = 'any' | 'none' | readonly string[];

export function hasPermissions(
  granted: ReadonlySet<string> | readonly string[] | undefined,
  required: PermissionRequirement,
  match: 'all' | 'any' = 'all',
): boolean {
  if (required === 'any') return true;
  if (required === 'none') return false;
  const set = granted instanceof Set ? granted : new Set(granted ?? []);
  if (required.length === 0) return true;
  return match === 'all' ? required.every((permission) => set.has(permission)) : required.some((permission) => set.has(permission));
}
