import { editionFromHost, type EditionId } from '../../engine/index.ts';

/** The edition for a host name lives in the engine, shared with the server. */
export { editionFromHost };

/** The edition once the server's answers are known: the server's edition (it reads the host too), the flag, or the host. */
export function editionFor(hostname: string, serverEdition?: EditionId, ukFlag?: boolean): EditionId {
  if (editionFromHost(hostname) === 'uk' || serverEdition === 'uk' || ukFlag === true) return 'uk';
  return 'us';
}
