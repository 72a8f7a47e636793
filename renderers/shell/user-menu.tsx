import { useEffect, useState } from 'react';
import { Avatar, Box, Button, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { components } from '../../api/schema.d.ts';
import { api } from '../session/api.ts';
import type { CurrentUser } from '../session/store.ts';
import { usePictureSrc } from './picture-src.ts';
import { toaster } from './toaster.tsx';

type AccountSummary = components['schemas']['AccountSummary'];

/**
 * Switching account (spec 000 section 4): a one-time token for the other account opens in a new tab at
 * /loading/{token}, so this tab keeps its session. Failures are only logged (section 8).
 */
async function switchTo(account: AccountSummary): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { data } = await api.POST('/api/auth/v1/accounts/{accountId}/myToken', { params: { path: { accountId: account.id } } });
    if (tab) tab.location.href = data!.url;
    else window.location.assign(data!.url);
  } catch (error) {
    tab?.close();
    console.error('Switching account failed', error);
    toaster.create({ type: 'error', title: `Could not switch to ${account.name}`, closable: true });
  }
}

/** The user menu: who is signed in, for which account, and Sign out. */
export function UserMenu({ user, accountLabel, profilePath }: { user: CurrentUser; accountLabel: string; profilePath: string }) {
  const [others, setOthers] = useState<AccountSummary[]>([]);
  const picture = usePictureSrc(user.avatarUrl);
  // The accounts to switch to are read once with the shell, not when the menu opens: a list arriving while the
  // menu is open would move Sign out under the pointer.
  useEffect(() => {
    let live = true;
    api
      .GET('/api/auth/v1/my-accounts')
      .then(({ data }) => live && setOthers((data?.content ?? []).filter((account) => account.id !== user.account.id)))
      .catch(() => live && setOthers([]));
    return () => {
      live = false;
    };
  }, [user.account.id]);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {/* Named by what it shows (the user and their account, read even where the header's row leaves room for the avatar alone), then what it opens. */}
        <Button variant="ghost" size="sm" px="2" data-testid="user-menu">
          <Avatar.Root size="xs" colorPalette="blue" aria-hidden>
            <Avatar.Fallback name={user.fullName}>{user.initials}</Avatar.Fallback>
            {picture && <Avatar.Image src={picture} alt="" data-testid="user-menu-picture" />}
          </Avatar.Root>
          <Box srOnly={{ base: true, '2xl': false }} textAlign="start" lineHeight="short">
            <Text fontSize="sm" fontWeight="medium">
              {user.fullName}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {accountLabel}
            </Text>
          </Box>
          <VisuallyHidden>user menu</VisuallyHidden>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60">
            <Box px="3" py="2">
              <Text fontWeight="medium">{user.fullName}</Text>
              <Text fontSize="sm" color="fg.muted">
                {user.email}
              </Text>
              <Text fontSize="sm" color="fg.muted" data-testid="user-menu-account">
                {accountLabel}
              </Text>
            </Box>
            <Menu.Separator />
            {others.length > 0 && (
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>Switch account</Menu.ItemGroupLabel>
                {others.map((account) => (
                  <Menu.Item key={account.id} value={`switch-${account.id}`} onSelect={() => void switchTo(account)}>
                    {account.fullName || account.name}
                  </Menu.Item>
                ))}
                <Menu.Separator />
              </Menu.ItemGroup>
            )}
            {/* Links rather than select handlers: the browser follows them even when a click lands while the
                menu is still opening, and they can be opened in a new tab. */}
            <Menu.Item value="profile" asChild>
              <RouterLink to={profilePath}>My profile</RouterLink>
            </Menu.Item>
            <Menu.Item value="sign-out" asChild>
              <RouterLink to="/logout">Sign out</RouterLink>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
