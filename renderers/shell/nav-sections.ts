import type { IconType } from 'react-icons';
import { LuBriefcase, LuBuilding2, LuLibrary, LuPlug, LuSettings, LuUsers, LuWallet } from 'react-icons/lu';
import { navSections, type NavGroupId, type NavSection } from '../../engine/index.ts';
import type { PageNavItem } from '../page/area-pages.ts';
import { withTerms } from '../session/personas.ts';

/** Each navigation group's icon (the header shows icons alone where labels do not fit); a new group without one does not compile. */
export const NAV_GROUP_ICONS: Record<NavGroupId, IconType> = {
  work: LuBriefcase,
  clients: LuUsers,
  money: LuWallet,
  organisations: LuBuilding2,
  'reference-data': LuLibrary,
  integrations: LuPlug,
  administration: LuSettings,
};

export type AreaNavSection = NavSection<PageNavItem>;

/** The area's navigation as the header draws it: direct links, then the groups, their labels in the edition's terms. */
export function areaNavSections(items: readonly PageNavItem[], terms: Record<string, string>): AreaNavSection[] {
  return navSections(items).map((section) => (section.kind === 'group' ? { ...section, label: withTerms(section.label, terms) } : section));
}

/** Whether the address is the entry's page or one below it (a quote of the quotes list). */
export function isAtEntry(pathname: string, item: PageNavItem): boolean {
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/** The group holding the page at the address, if any. */
export function currentGroupOf(sections: readonly AreaNavSection[], pathname: string): NavGroupId | undefined {
  for (const section of sections) if (section.kind === 'group' && section.items.some((item) => isAtEntry(pathname, item))) return section.id;
  return undefined;
}
