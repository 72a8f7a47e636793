import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { personaOfAccountType, ruleContextOf, todayIso, type FormDefinition, type RuleContext, type TableDefinition } from '../../engine/index.ts';
import { editionLists } from '../definitions/edition-lists.ts';
import { editionIdAtom } from '../definitions/registry-atoms.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { useCurrentUser, useFeatureFlags, usePermissionsMap } from '../session/use-session.ts';
import type { PageComponent, PageContextValue } from './page-context.ts';

const NO_PERMISSIONS: ReadonlySet<string> = new Set();

/** The page context of the signed-in user: the edition's definitions, the rules' context, the permissions. */
export function usePageContextValue(components: Readonly<Record<string, PageComponent>>, preview = false): PageContextValue {
  const registry = useRegistry();
  const editionId = useAtomValue(editionIdAtom);
  const user = useCurrentUser().data;
  const flags = useFeatureFlags();
  const granted = usePermissionsMap().data?.permissions;
  const [today] = useState(todayIso);
  const accountType = user?.account.accountType;
  const areaBase = personaOfAccountType(accountType)?.base ?? '';
  const roleId = user?.role.id;
  // The same context the server builds for its check of a bound operation (engine/rules/rule-context.ts).
  const rules = useMemo<RuleContext>(() => ruleContextOf({ edition: editionId, accountType, roleId, flags, today }), [editionId, accountType, roleId, flags, today]);
  const permissions = useMemo(() => (granted ? new Set(granted) : NO_PERMISSIONS), [granted]);
  const lists = useMemo(() => editionLists(registry, editionId), [registry, editionId]);
  return useMemo<PageContextValue>(
    () => ({
      registry,
      editionId,
      edition: registry.edition(editionId),
      lists,
      rules,
      permissions,
      table: (id) => registry.resolve<TableDefinition>(id, editionId),
      form: (id) => registry.resolve<FormDefinition>(id, editionId),
      components,
      areaBase,
      preview,
    }),
    [registry, editionId, lists, rules, permissions, components, areaBase, preview],
  );
}
