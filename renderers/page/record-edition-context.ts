import type { EditionId, TableDefinition } from '../../engine/index.ts';
import { editionLists } from '../definitions/edition-lists.ts';
import type { PageContextValue } from './page-context.ts';

/**
 * The page context a record of another edition is shown in (a UK policy that provider staff read on the US host):
 * its tables and lists in that edition's words and formats ('Excess', 'Premium Tax', +44 numbers). Forms stay
 * the host's, because the dialogs they open are checked by the server with the host's form; a read-only record
 * is drawn with its own edition's form by the detail block itself.
 */
export function recordEditionContext(context: PageContextValue, editionId: EditionId): PageContextValue {
  if (editionId === context.editionId) return context;
  const { registry } = context;
  return {
    ...context,
    editionId,
    edition: registry.edition(editionId),
    lists: editionLists(registry, editionId),
    table: (id) => registry.resolve<TableDefinition>(id, editionId),
  };
}
