import { useState, type ReactNode } from 'react';
import { Box, CloseButton, Drawer, Heading, IconButton, Link as ChakraLink, Portal, Stack, Text } from '@chakra-ui/react';
import { LuMenu } from 'react-icons/lu';
import { NavLink, useLocation } from 'react-router';
import type { PageNavItem } from '../page/area-pages.ts';
import { currentGroupOf, NAV_GROUP_ICONS, type AreaNavSection } from './nav-sections.ts';

/**
 * The area's navigation on a narrow screen: a menu button that opens a drawer with the direct links and
 * each group's links under its name. Following a link closes it; `footer` holds what the header's row has
 * no room for (the theme switch).
 */
export function NavDrawer({ sections, areaName, footer }: { sections: AreaNavSection[]; areaName: string; footer?: ReactNode }) {
  const { pathname } = useLocation();
  // Open at the address it was opened on: a link followed (or the browser's back button) closes it.
  const [openAt, setOpenAt] = useState<string>();
  const current = currentGroupOf(sections, pathname);
  const close = () => setOpenAt(undefined);
  return (
    <Drawer.Root open={openAt === pathname} onOpenChange={(details) => setOpenAt(details.open ? pathname : undefined)} placement="start" size="xs">
      <Drawer.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label="Open navigation" data-testid="nav-drawer-button">
          <LuMenu />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="nav-drawer">
            <Drawer.Header borderBottomWidth="1px" py="3">
              <Drawer.Title>
                Cyber Console
                <Text as="span" display="block" fontSize="sm" fontWeight="normal" color="fg.muted">
                  {areaName}
                </Text>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="3" py="3">
              <Stack as="nav" aria-label="Main" gap="4">
                {sections.map((section) =>
                  section.kind === 'link' ? (
                    <DrawerLink key={section.item.to} item={section.item} onFollow={close} />
                  ) : (
                    <Box key={section.id} role="group" aria-labelledby={`nav-drawer-group-${section.id}`} data-testid={`nav-drawer-group-${section.id}`}>
                      <Heading
                        as="h2"
                        id={`nav-drawer-group-${section.id}`}
                        size="xs"
                        textTransform="uppercase"
                        letterSpacing="wider"
                        color={section.id === current ? 'fg' : 'fg.muted'}
                        display="flex"
                        alignItems="center"
                        gap="2"
                        px="2"
                        mb="1"
                      >
                        {(() => {
                          const Icon = NAV_GROUP_ICONS[section.id];
                          return <Icon aria-hidden />;
                        })()}
                        {section.label}
                      </Heading>
                      <Stack gap="0">
                        {section.items.map((item) => (
                          <DrawerLink key={item.to} item={item} onFollow={close} />
                        ))}
                      </Stack>
                    </Box>
                  ),
                )}
              </Stack>
            </Drawer.Body>
            {footer && (
              <Drawer.Footer borderTopWidth="1px" justifyContent="start" py="2">
                {footer}
              </Drawer.Footer>
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close navigation" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function DrawerLink({ item, onFollow }: { item: PageNavItem; onFollow: () => void }) {
  return (
    <ChakraLink
      asChild
      display="block"
      px="2"
      py="2"
      rounded="l2"
      fontWeight="medium"
      fontSize="sm"
      color="fg"
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
      _currentPage={{ bg: 'colorPalette.subtle', color: 'colorPalette.fg' }}
      colorPalette="blue"
    >
      <NavLink to={item.to} onClick={onFollow}>
        {item.label}
      </NavLink>
    </ChakraLink>
  );
}
