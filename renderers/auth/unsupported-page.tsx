import { Button, Clipboard, HStack, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import { LINKS } from '../session/constants.ts';
import { AuthCard } from './auth-card.tsx';
import { SupportContact } from './support-contact.tsx';
import { useEdition } from '../form/use-definition-form.ts';

/** The legal entity named at the foot of the page, by locale. */
const LEGAL_ENTITY: Record<string, string> = {
  'en-US': 'Cyber Console, Inc.',
  'en-GB': 'Cyber Console UK Limited',
};

/** /unsupported: the browser is too old (old Internet Explorer too). */
export function UnsupportedPage() {
  const edition = useEdition();
  const loginUrl = `${window.location.origin}/login`;
  return (
    <AuthCard title="Please upgrade your browser">
      <Text>This console needs a current browser. Download the latest Chrome, then open your personal sign-in address.</Text>
      <Button asChild colorPalette="blue" alignSelf="start">
        <a href={LINKS.chromeDownload} target="_blank" rel="noreferrer">
          Get Chrome
        </a>
      </Button>
      <Clipboard.Root value={loginUrl}>
        <Clipboard.Label fontSize="sm" fontWeight="medium">
          Your sign-in address
        </Clipboard.Label>
        <InputGroup endElement={<Clipboard.Trigger asChild><Button size="xs" variant="ghost" me="-2"><Clipboard.Indicator copied="Copied">Copy</Clipboard.Indicator></Button></Clipboard.Trigger>}>
          <Clipboard.Input asChild>
            <Input readOnly />
          </Clipboard.Input>
        </InputGroup>
      </Clipboard.Root>
      <SupportContact />
      <Stack gap="1" fontSize="xs" color="fg.muted">
        <HStack gap="3">
          <Link href={LINKS.termsOfUse} colorPalette="blue">
            Terms of Use
          </Link>
          <Link href={LINKS.privacyPolicy} colorPalette="blue">
            Privacy Policy
          </Link>
        </HStack>
        <Text>
          © {new Date().getFullYear()} {LEGAL_ENTITY[edition.locale] ?? LEGAL_ENTITY['en-US']}
        </Text>
      </Stack>
    </AuthCard>
  );
}
