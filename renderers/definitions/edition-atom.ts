import { atom } from 'jotai';
import type { EditionId } from '../../engine/index.ts';

/**
 * The edition the app runs in: set from the host name at once, then from the server's answer and the UK
 * flag (session/store.ts). Its own module, so the sign-in page reads it without loading the registry.
 */
export const editionIdAtom = atom<EditionId>('us');
