import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type PageNavigation } from '../lean/navigation.tsx';

/** A page drawn without the router (renderers/lean/) moves through it here, inside the app. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const value = useMemo<PageNavigation>(
    () => ({ state: location.state, navigate: (to, options) => void navigate(to, { state: options?.state, replace: options?.replace }) }),
    [location.state, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
