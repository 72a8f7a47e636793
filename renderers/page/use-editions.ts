import { useMemo } from 'react';
import type { Edition } from '../../engine/index.ts';
import { usePageContext } from './page-context.ts';

/** Every edition of the registry the page reads, for records of another edition than the host's (a UK policy on the US host). */
export function useEditions(): readonly Edition[] {
  const { registry } = usePageContext();
  return useMemo(() => registry.editions().map((id) => registry.edition(id)), [registry]);
}
