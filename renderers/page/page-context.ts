import { createContext, useContext, type ComponentType } from 'react';
import type { Edition, EditionId, FormDefinition, Registry, RuleContext, TableDefinition } from '../../engine/index.ts';
import type { ListLookup } from '../table/table-types.ts';

/**
 * What every block of a page reads: the edition's resolved definitions, the rules' context and the
 * user's permissions. One value per page, provided by the page view.
 */
/** What a page's component block hands its component: `params`, the block's json-logic evaluated over the page scope. */
export interface PageComponentProps {
  params?: Record<string, unknown>;
}

/** A bespoke component a page may place (most take nothing; some read what the block says they are about). */
export type PageComponent = ComponentType<PageComponentProps>;

export interface PageContextValue {
  registry: Registry;
  editionId: EditionId;
  edition: Edition;
  lists: ListLookup;
  rules: RuleContext;
  permissions: ReadonlySet<string>;
  table: (id: string) => TableDefinition;
  form: (id: string) => FormDefinition;
  /** The bespoke components `component` blocks name (the app's registry). */
  components: Readonly<Record<string, PageComponent>>;
  /** The signed-in user's area (`/agency`): actions' `navigate` paths are relative to it. */
  areaBase: string;
  /** The studio's preview: tables show their sample rows and nothing is run. */
  preview: boolean;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePageContext(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('A page block was drawn outside a page view.');
  return value;
}
