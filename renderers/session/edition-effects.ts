import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { editionIdAtom } from '../definitions/edition-atom.ts';
import { editionLocale } from '../definitions/sign-in-source.ts';
import { environmentQuery, featureFlagsQuery, sessionStore, syncEdition } from './store.ts';

/**
 * What every page does for its edition, the app's and the sign-in page's first load alike (so these are
 * apart from session-effects.tsx, which needs the router): the edition follows the server's answer and the
 * UK flag, and the page's language follows the edition.
 */
export function useEditionSync(): void {
  useEffect(() => {
    const unsubscribe = [featureFlagsQuery.atom, environmentQuery.atom].map((watched) => sessionStore.sub(watched, syncEdition));
    void featureFlagsQuery.ensure(sessionStore);
    void environmentQuery.ensure(sessionStore);
    return () => unsubscribe.forEach((stop) => stop());
  }, []);
}

export function useDocumentLanguage(): void {
  const editionId = useAtomValue(editionIdAtom, { store: sessionStore });
  useEffect(() => {
    const locale = editionLocale(editionId);
    if (locale) document.documentElement.lang = locale;
  }, [editionId]);
}
