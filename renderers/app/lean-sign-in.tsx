import { useEffect, useMemo, useRef } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { LoginPage } from '../auth/login-page.tsx';
import { applyStoredColorMode } from '../lean/color-mode.ts';
import { LeanFrame } from '../lean/lean-frame.tsx';
import { NavigationProvider, type PageNavigation } from '../lean/navigation.tsx';
import { CookieConsent } from '../shell/cookie-consent.tsx';
import { useDocumentLanguage, useEditionSync } from '../session/edition-effects.ts';
import { api } from '../session/api.ts';
import { isServerDown } from '../session/server-down.ts';
import { sessionStore } from '../session/store.ts';

/**
 * A first load of /login: the sign-in page alone, without the app (Chakra, rjsf, the router), which is
 * what issue 9's 150 KB budget for that page allows. Going anywhere else (signed in, a link) hands over
 * to the app (`openApp`): once its code is there, the address and its state go into the browser's history
 * as react-router keeps them, and the app starts at that address. The app's code is fetched in the
 * background from the first keystroke or press, so signing in rarely waits for it.
 */
export function LeanSignIn({ openApp, warmApp }: { openApp: (enter: () => void) => void; warmApp: () => void }) {
  useEditionSync();
  useDocumentLanguage();
  useEffect(() => {
    const warm = () => warmApp();
    const events = ['keydown', 'pointerdown'] as const;
    events.forEach((name) => document.addEventListener(name, warm, { once: true, capture: true }));
    return () => events.forEach((name) => document.removeEventListener(name, warm, { capture: true }));
  }, [warmApp]);
  const leaving = useRef(false);
  const navigation = useMemo<PageNavigation>(
    () => ({
      state: (window.history.state as { usr?: unknown } | null)?.usr ?? null,
      navigate(to, options) {
        // The first way out wins (a double press, a sign-in answering while a link was followed).
        if (leaving.current) return;
        leaving.current = true;
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        // react-router's own history entry: the state under `usr`, a key, the position in the stack.
        const entry = { usr: options?.state ?? null, key: Math.random().toString(36).slice(2, 10), idx: options?.replace ? index : index + 1 };
        openApp(() => {
          if (options?.replace) window.history.replaceState(entry, '', to);
          else window.history.pushState(entry, '', to);
        });
      },
    }),
    [openApp],
  );
  // As the app's version poll does on its first check: a server that does not answer sends the visitor to /serverdown.
  useEffect(() => {
    api.GET('/api/console-version').catch((error: unknown) => {
      if (isServerDown(error)) navigation.navigate('/serverdown');
    });
  }, [navigation]);
  return (
    <JotaiProvider store={sessionStore}>
      <NavigationProvider value={navigation}>
        <LeanFrame>
          <LoginPage />
        </LeanFrame>
        <CookieConsent />
      </NavigationProvider>
    </JotaiProvider>
  );
}

// Before the first paint: a visitor who chose dark mode (here or in the app) never sees the page flash light.
applyStoredColorMode();
