import type { EditionId } from '../../engine/index.ts';
import type { ServerConfig } from '../config.ts';
import type { Queryable } from '../db/database.ts';

/**
 * The address of a console page in an e-mail, at the public origin of the recipient's edition (PUBLIC_URL,
 * PUBLIC_URL_UK). Every e-mailed link is made here: the edition is chosen by the host name, so a UK
 * recipient sent to the US host would see the US edition's products, words and currency.
 */
export function publicLink(config: Pick<ServerConfig, 'publicUrls'>, edition: EditionId, path: string): string {
  return `${config.publicUrls[edition]}${path.startsWith('/') ? path : `/${path}`}`;
}

/** A user's edition: their organisation's (provider staff keep theirs too, so a UK admin's links open the UK host). */
export async function editionOfUser(db: Queryable, userId: string): Promise<EditionId> {
  const [row] = await db.query<{ edition: EditionId }>('SELECT a.edition FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.id = $1', [userId]);
  return row?.edition ?? 'us';
}
