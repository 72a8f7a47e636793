import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import type { NavEntry, PageDefinition, PersonaId, Registry, EditionId } from '../../engine/index.ts';
import { editionIdAtom } from '../definitions/registry-atoms.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { hasPermissions } from '../session/permissions.ts';

/** A navigation entry of an area: its path, label, order and group (engine/pages/nav-groups.ts). */
export type PageNavItem = NavEntry;

/**
 * The page definitions mounted in an area, as the edition resolves them. A page that does not resolve
 * is left out (the registry reports it); one published in the studio appears without a rebuild.
 */
export function pagesOfArea(registry: Registry, editionId: EditionId, persona: PersonaId): PageDefinition[] {
  return registry
    .list('page')
    .filter((page) => (page as PageDefinition).personas?.includes(persona))
    .flatMap((page) => {
      try {
        return [registry.resolve<PageDefinition>(page.id, editionId)];
      } catch {
        return [];
      }
    });
}

export function useAreaPages(persona: PersonaId): PageDefinition[] {
  const registry = useRegistry();
  const editionId = useAtomValue(editionIdAtom);
  return useMemo(() => pagesOfArea(registry, editionId, persona), [registry, editionId, persona]);
}

/** Whether the user may see a page: it lists no permissions, or the user holds them all. */
export function mayOpenPage(page: PageDefinition, permissions: readonly string[] | undefined): boolean {
  return !page.permission || hasPermissions(permissions, page.permission);
}

/** The area's navigation: the pages with a nav entry the user may open, by their order (navSections groups them). */
export function navOfArea(pages: PageDefinition[], base: string, permissions: readonly string[] | undefined): PageNavItem[] {
  return pages
    .filter((page) => page.nav && mayOpenPage(page, permissions))
    .sort((a, b) => a.nav!.order - b.nav!.order || a.nav!.label.localeCompare(b.nav!.label))
    .map((page) => ({ to: `${base}/${page.path.replace(/\/\*$/, '')}`, label: page.nav!.label, order: page.nav!.order, group: page.nav!.group }));
}
