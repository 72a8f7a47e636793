import { Alert, Button, List, Stack, Text } from '@chakra-ui/react';
import { ACCOUNT_TEXTS, type Unverified } from './create-account.ts';

/**
 * The verifier's answer about an address it could not verify (spec 001 section 8): the fields by the
 * edition's names; a provider admin may confirm the address as entered, anyone else fixes the fields.
 */
export function AddressCheck({ unverified, busy, onConfirm }: { unverified: Unverified; busy: boolean; onConfirm: () => void }) {
  return (
    <Alert.Root status="warning" data-testid="address-unverified" alignItems="start">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{ACCOUNT_TEXTS.unverifiedTitle}</Alert.Title>
        <Alert.Description>
          <Text>{ACCOUNT_TEXTS.unverifiedList}</Text>
          <List.Root ps="5" mt="1">
            {unverified.names.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List.Root>
          <Text mt="2">{unverified.mayConfirm ? ACCOUNT_TEXTS.unverifiedAdmin : ACCOUNT_TEXTS.unverifiedOthers}</Text>
        </Alert.Description>
        {unverified.mayConfirm && (
          <Button size="sm" colorPalette="orange" alignSelf="start" loading={busy} onClick={onConfirm} data-testid="confirm-address">
            Confirm Address
          </Button>
        )}
      </Stack>
    </Alert.Root>
  );
}
