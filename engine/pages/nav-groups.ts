/**
 * The groups of an area's navigation, in the order the header shows them. A page definition's
 * `nav.group` names one of these ids (the lint refuses any other); a page with a nav entry and no group is
 * a direct link (the dashboard). Labels may use edition terms (`{{Organization}}s`).
 */
export const NAV_GROUPS = [
  { id: 'work', label: 'Work' },
  { id: 'clients', label: 'Clients' },
  { id: 'money', label: 'Money' },
  { id: 'organisations', label: '{{Organization}}s' },
  { id: 'reference-data', label: 'Reference data' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'administration', label: 'Administration' },
] as const;

export type NavGroupId = (typeof NAV_GROUPS)[number]['id'];

export function isNavGroup(id: string): id is NavGroupId {
  return NAV_GROUPS.some((group) => group.id === id);
}

/** One entry of an area's navigation, as the runtime computed it (path inside the area, label resolved). */
export interface NavEntry {
  to: string;
  label: string;
  order: number;
  group?: string;
}

/** What the header draws: direct links and groups, in the groups' order, each group's links by their order. */
export type NavSection<T extends NavEntry = NavEntry> = { kind: 'link'; item: T } | { kind: 'group'; id: NavGroupId; label: string; items: T[] };

/**
 * Sorts an area's entries into sections: the direct links first (by order), then each group with at least
 * one entry, in NAV_GROUPS order. An entry naming an unknown group (a definition the lint would refuse,
 * published anyway) stays reachable as a direct link.
 */
export function navSections<T extends NavEntry>(entries: readonly T[]): NavSection<T>[] {
  const byOrder = (a: T, b: T) => a.order - b.order || a.label.localeCompare(b.label);
  const sorted = [...entries].sort(byOrder);
  const direct = sorted.filter((entry) => !entry.group || !isNavGroup(entry.group));
  const groups = NAV_GROUPS.flatMap((group) => {
    const items = sorted.filter((entry) => entry.group === group.id);
    return items.length ? [{ kind: 'group' as const, id: group.id, label: group.label, items }] : [];
  });
  return [...direct.map((item) => ({ kind: 'link' as const, item })), ...groups];
}
