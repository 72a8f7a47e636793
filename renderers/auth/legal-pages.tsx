import type { ReactNode } from 'react';
import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { useEdition } from '../form/use-definition-form.ts';
import { AuthCard, PageLink } from './auth-card.tsx';
import { SupportContact } from './support-contact.tsx';

/** A section of a legal page: a heading and its paragraphs or points. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/**
 * /privacy-policy: what the console keeps about the people who use it and why. The cookie consent bar and
 * the sign-in pages link here. The wording of the two editions differs only in the law it names.
 */
export function PrivacyPolicyPage() {
  const edition = useEdition();
  const law = edition.id === 'uk' ? 'the UK General Data Protection Regulation and the Data Protection Act 2018' : 'the privacy laws of the states where our users live';
  return (
    <AuthCard title="Privacy Policy" testId="privacy-policy">
      <Text>This console is used by insurance professionals and policyholders to quote, bind and manage cyber insurance. This policy says what it keeps about you and why, under {law}.</Text>
      <Section title="What we keep">
        <List.Root ps="5">
          <List.Item>Your name, e-mail address, telephone number and role, to sign you in and to let your organisation manage your access.</List.Item>
          <List.Item>The records you create: accounts, quotes, policies, claims and the answers given in applications.</List.Item>
          <List.Item>A log of sign-ins and changes (who, what and when, with the network address), kept so that no change goes unaccounted for.</List.Item>
          <List.Item>One cookie that remembers your answer to the cookie question; nothing that follows you to other sites.</List.Item>
        </List.Root>
      </Section>
      <Section title="Who sees it">
        <Text>Your organisation's administrators, the insurance provider's staff who administer the console, and, for a quote or a policy, the agency and insurer that arrange it. We do not sell personal data.</Text>
      </Section>
      <Section title="Your choices">
        <Text>You may ask for a copy of what we keep about you, for a correction, or for its deletion where the law allows; contact support below.</Text>
      </Section>
      <SupportContact />
      <PageLink to="/login">Back to sign in</PageLink>
    </AuthCard>
  );
}

/** /terms-of-use: the rules of using the console, linked from the sign-up and unsupported pages. */
export function TermsOfUsePage() {
  return (
    <AuthCard title="Terms of Use" testId="terms-of-use">
      <Text>By signing in you agree to these terms on behalf of yourself and the organisation whose account you use.</Text>
      <Section title="Your account">
        <List.Root ps="5">
          <List.Item>Keep your password and second factor to yourself; every action taken with them is recorded as yours.</List.Item>
          <List.Item>Use the console only for the organisations and clients you are authorised to act for.</List.Item>
          <List.Item>Tell support at once if you believe someone else has used your account.</List.Item>
        </List.Root>
      </Section>
      <Section title="Quotes, policies and claims">
        <Text>A quote is an offer on the terms it states until it expires; cover starts only when a policy is bound. Information given in an application must be true and complete: a policy may not respond to a loss the application misrepresented.</Text>
      </Section>
      <Section title="Availability">
        <Text>We aim to keep the console available at all times and announce maintenance in advance on the status page.</Text>
      </Section>
      <SupportContact />
      <PageLink to="/login">Back to sign in</PageLink>
    </AuthCard>
  );
}
