import type { EditionId } from '../../engine/index.ts';

/**
 * The edition for a host name: a name ending in the UK country suffix is UK, all else US (spec 000
 * section 1). The UK-environment feature flag can also turn UK on; see `editionFor`.
 */
export function editionFromHost(hostname: string): EditionId {
  return /\.uk\.?$/i.test(hostname) ? 'uk' : 'us';
}

/** The edition once the server's answers are known: the server's edition (it reads the host too), the flag, or the host. */
export function editionFor(hostname: string, serverEdition?: EditionId, ukFlag?: boolean): EditionId {
  if (editionFromHost(hostname) === 'uk' || serverEdition === 'uk' || ukFlag === true) return 'uk';
  return 'us';
}
