import { Navigate, Outlet, useLocation } from 'react-router';
import { useSignedIn } from '../session/use-session.ts';

/** Protected routes: a visitor without a session goes to /login, which brings them back here afterwards. */
export function RequireAuth() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) {
    return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }} />;
  }
  return <Outlet />;
}
