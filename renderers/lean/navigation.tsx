import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';

export interface NavigateOptions {
  state?: unknown;
  replace?: boolean;
}

/**
 * How a page drawn without the router moves on: in the app, react-router's navigation; on the sign-in
 * page's first load (lean-entry.tsx), handing the address to the app, which then loads. The page reads
 * the state it was opened with (a redirect's reason, an invitation) the same way in both.
 */
export interface PageNavigation {
  /** The state the page was opened with (react-router's location state). */
  state: unknown;
  navigate(to: string, options?: NavigateOptions): void;
}

const NavigationContext = createContext<PageNavigation | null>(null);

export function NavigationProvider({ value, children }: { value: PageNavigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function usePageNavigation(): PageNavigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('usePageNavigation outside a NavigationProvider');
  return navigation;
}

/** A link to another page of the app: a real href (open in a new tab works), followed in place on a plain click. */
export function PageLink({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  const { navigate } = usePageNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to, { state });
  };
  return (
    <a className="lean-link" href={to} onClick={follow}>
      {children}
    </a>
  );
}
