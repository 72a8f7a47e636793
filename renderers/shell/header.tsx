import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { ColorModeToggle } from '../theme/color-mode-toggle.tsx';
import type { Persona } from '../session/personas.ts';
import type { CurrentUser } from '../session/store.ts';
import { saveMyTheme } from '../session/preferences.ts';
import { MainNav } from './main-nav.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import type { AreaNavSection } from './nav-sections.ts';
import { TeamSelector } from './team-selector.tsx';
import { useThemePreference } from './use-theme-preference.ts';
import { UserMenu } from './user-menu.tsx';

/**
 * The signed-in header, one row at every width. From `md` (768 px): product and area name, the area's
 * navigation (direct links and a menu per group), team selector, theme toggle, user menu (the user's name
 * beside the avatar from `2xl`). Below: a menu
 * button opening the navigation in a drawer (the theme toggle with it), the names, the team selector and
 * the user's avatar.
 */
export function Header({ user, persona, areaName, sections }: { user: CurrentUser; persona: Persona; areaName: string; sections: AreaNavSection[] }) {
  useThemePreference();
  const toggle = <ColorModeToggle onToggled={(mode) => void saveMyTheme(mode)} />;
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="docked" data-testid="app-header">
      <Flex px={{ base: '2', md: '4' }} h="14" align="center" gap={{ base: '2', md: '3' }}>
        <Box hideFrom="md">
          <NavDrawer sections={sections} areaName={areaName} footer={toggle} />
        </Box>
        <Stack gap="0" direction={{ base: 'column', lg: 'row' }} align={{ base: 'start', lg: 'baseline' }} columnGap="2" flexShrink={0} minW="0">
          <Heading size={{ base: 'sm', md: 'md' }} as="span" whiteSpace="nowrap">
            Cyber Console
          </Heading>
          <Text fontSize={{ base: 'xs', lg: 'sm' }} color="fg.muted" whiteSpace="nowrap" data-testid="area-name">
            {areaName}
          </Text>
        </Stack>
        {/* The navigation has the room between the names and the team selector; the spacer takes it on a phone. */}
        <Box hideBelow="md" flex="1" minW="0" ms={{ md: '1', xl: '3' }}>
          <MainNav sections={sections} />
        </Box>
        <Box hideFrom="md" flex="1" />
        <TeamSelector user={user} />
        <Box hideBelow="md">{toggle}</Box>
        <UserMenu user={user} accountLabel={user.account.fullName || user.account.name} profilePath={`${persona.base}/profile`} />
      </Flex>
    </Box>
  );
}
