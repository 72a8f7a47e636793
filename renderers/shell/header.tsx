import { Box, Flex, Heading, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { ColorModeToggle } from '../theme/color-mode-toggle.tsx';
import type { Persona } from '../session/personas.ts';
import type { CurrentUser } from '../session/store.ts';
import { saveMyTheme } from '../session/preferences.ts';
import { TeamSelector } from './team-selector.tsx';
import { useThemePreference } from './use-theme-preference.ts';
import { UserMenu } from './user-menu.tsx';

export interface NavItem {
  to: string;
  label: string;
}

/** The signed-in header: product and area name, the area's navigation, team selector, theme toggle, user menu. */
export function Header({ user, persona, areaName, nav }: { user: CurrentUser; persona: Persona; areaName: string; nav: NavItem[] }) {
  useThemePreference();
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="docked">
      <Flex maxW="7xl" mx="auto" px="4" minH="14" py="2" align="center" gap="5" wrap="wrap">
        <HStack gap="2">
          <Heading size="md" as="span">
            Cyber Console
          </Heading>
          <Text fontSize="sm" color="fg.muted" data-testid="area-name">
            {areaName}
          </Text>
        </HStack>
        <Box flex="1" />
        <TeamSelector user={user} />
        <ColorModeToggle onToggled={(mode) => void saveMyTheme(mode)} />
        <UserMenu user={user} accountLabel={user.account.fullName || user.account.name} profilePath={`${persona.base}/profile`} />
      </Flex>
      {/* A row of its own: an administrator's area has two dozen pages, which wrap here rather than push the header sideways. */}
      <Flex as="nav" aria-label="Main" maxW="7xl" mx="auto" px="4" pb="2" columnGap="4" rowGap="1" wrap="wrap">
        {nav.map((item) => (
          <ChakraLink
            key={item.to}
            asChild
            fontWeight="medium"
            fontSize="sm"
            color="fg.muted"
            whiteSpace="nowrap"
            _currentPage={{ color: 'fg', textDecoration: 'underline', textUnderlineOffset: '6px' }}
          >
            <NavLink to={item.to}>{item.label}</NavLink>
          </ChakraLink>
        ))}
      </Flex>
    </Box>
  );
}
