import { useEffect } from 'react';
import { Text } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { MAINTENANCE_RELOAD_MS } from '../session/constants.ts';
import { AuthCard, PageLink } from './auth-card.tsx';
import { useEdition } from '../form/use-definition-form.ts';
import { SupportContact } from './support-contact.tsx';

export function LoginExistingPage() {
  return (
    <AuthCard title="Thank you!">
      <Text>An email has been sent to your account admin to set up your account. You can sign in once it is ready.</Text>
      <PageLink to="/login">Back to sign in</PageLink>
    </AuthCard>
  );
}

export function SignupSubmittedPage() {
  return (
    <AuthCard title="Thank you">
      <Text>Thank you for signing up! Please check your email and confirm your account.</Text>
      <PageLink to="/login">Back to sign in</PageLink>
    </AuthCard>
  );
}

export function ApplicationSignedPage() {
  return (
    <AuthCard title="Application signed">
      <Text>Thank you. The application has been signed; you can close this page.</Text>
    </AuthCard>
  );
}

/** /serverdown: the maintenance message; reloads itself after 30 seconds. */
export function ServerDownPage() {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.reload(), MAINTENANCE_RELOAD_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <AuthCard title="We'll be right back" testId="server-down">
      <Text>Apologies for the interruption, we are down for scheduled maintenance. Please check back soon.</Text>
      <PageLink to="/loading">Refresh</PageLink>
    </AuthCard>
  );
}

/** /password-expired: the server e-mailed a reset link when the address has a login. */
export function PasswordExpiredPage() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  const edition = useEdition();
  return (
    <AuthCard title="Your password has expired">
      {email ? (
        <Text>
          An email has been sent to <strong>{email}</strong> with instructions to set a new password.
        </Text>
      ) : (
        <Text>Please contact support to set a new password.</Text>
      )}
      <SupportContact contact={edition.contacts.support} />
      <PageLink to="/login">Back to sign in</PageLink>
    </AuthCard>
  );
}
