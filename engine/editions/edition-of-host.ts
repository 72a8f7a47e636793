import type { EditionId } from './edition-types.ts';

/**
 * The edition for a host name, the same in the browser and on the server: a name ending in the UK country
 * suffix is UK, all else US (spec 000 section 1). A port and a fully qualified name's final dot are ignored.
 */
export function editionFromHost(host: string): EditionId {
  const name = host.replace(/:\d+$/, '').replace(/\.$/, '');
  return /\.uk$/i.test(name) ? 'uk' : 'us';
}
