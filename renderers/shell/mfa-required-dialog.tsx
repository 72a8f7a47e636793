import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router';
import type { CurrentUser } from '../session/store.ts';

/**
 * Blocks the console while the account enforces MFA and the user has none (spec 000 section 4); not on
 * the profile page itself, where MFA is set up.
 */
export function MfaRequiredDialog({ user, profilePath }: { user: CurrentUser; profilePath: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const open = user.account.enforceMfa && user.mfaType === 'NONE' && !pathname.startsWith(profilePath);
  return (
    <Dialog.Root open={open} role="alertdialog" closeOnEscape={false} closeOnInteractOutside={false} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="mfa-required">
            <Dialog.Header>
              <Dialog.Title>Multi-Factor Authentication Not Enabled</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {user.account.name} requires multi-factor authentication. Please enable it on your profile before continuing.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => void navigate('/logout')}>
                Sign out
              </Button>
              <Button colorPalette="blue" onClick={() => void navigate(profilePath)}>
                Enable MFA
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
