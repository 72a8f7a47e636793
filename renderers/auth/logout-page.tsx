import { useEffect } from 'react';
import { Text } from '@chakra-ui/react';
import { signOut } from '../session/sign-in.ts';
import { AuthCard, PageLink } from './auth-card.tsx';
import { once } from './once.ts';

/** /logout: ends the session (server and storage) and says so. */
export function LogoutPage() {
  useEffect(() => {
    void once('logout', signOut);
  }, []);
  return (
    <AuthCard title="Signed out" testId="logout-page">
      <Text>You've been successfully logged out.</Text>
      <PageLink to="/login">Sign in</PageLink>
    </AuthCard>
  );
}
