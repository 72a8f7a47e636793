import { useEffect, useState } from 'react';
import { Box, Button, Flex, HStack, Link, Text } from '@chakra-ui/react';
import { COOKIE_CONSENT_COOKIE, COOKIE_CONSENT_DELAY_MS, COOKIE_CONSENT_MAX_AGE_SECONDS, LINKS } from '../session/constants.ts';

export function readConsent(): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE_CONSENT_COOKIE}=`));
  return entry?.split('=')[1];
}

/**
 * The cookie consent bar: appears 1.5 s after the page opens unless an answer is on file; the answer is a
 * cookie lasting six months (so signing out, which clears storage, keeps it).
 */
export function CookieConsent() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (readConsent()) return undefined;
    const timer = window.setTimeout(() => setVisible(true), COOKIE_CONSENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  const answer = (value: 'accepted' | 'denied') => {
    document.cookie = `${COOKIE_CONSENT_COOKIE}=${value}; max-age=${COOKIE_CONSENT_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
    setVisible(false);
  };
  return (
    <Box
      as="section"
      role="region"
      aria-label="Cookie consent"
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="banner"
      bg="bg.panel"
      borderTopWidth="1px"
      shadow="lg"
      data-testid="cookie-consent"
    >
      <Flex maxW="7xl" mx="auto" px="4" py="3" gap="4" align="center" wrap="wrap">
        <Text fontSize="sm" flex="1" minW="60">
          We use cookies to keep you signed in and to understand how the console is used. See our{' '}
          <Link href={LINKS.privacyPolicy} colorPalette="blue" target="_blank" rel="noreferrer">
            privacy policy
          </Link>
          .
        </Text>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => answer('denied')}>
            Deny
          </Button>
          <Button size="sm" colorPalette="blue" onClick={() => answer('accepted')}>
            Accept
          </Button>
        </HStack>
      </Flex>
    </Box>
  );
}
