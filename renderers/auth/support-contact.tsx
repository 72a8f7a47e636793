import { Link, Stack, Text } from '@chakra-ui/react';
import { formatPhoneDisplay, type Contact } from '../../engine/index.ts';
import { useEdition } from '../form/use-definition-form.ts';

/** The edition's support contact: e-mail, phone and hours. */
export function SupportContact({ contact, heading = 'Need help? Contact support' }: { contact?: Contact; heading?: string }) {
  const edition = useEdition();
  const shown = contact ?? edition.contacts.support;
  return (
    <Stack gap="0.5" fontSize="sm" data-testid="support-contact">
      <Text fontWeight="medium">{heading}</Text>
      <Link href={`mailto:${shown.email}`} colorPalette="blue">
        {shown.email}
      </Link>
      <Link href={`tel:${edition.phone.countryCode}${shown.phone}`} colorPalette="blue">
        {formatPhoneDisplay(shown.phone, edition.phone.countryCode)}
      </Link>
      {shown.hours && <Text color="fg.muted">{shown.hours}</Text>}
    </Stack>
  );
}
