import { useLayoutEffect, useRef, useState } from 'react';
import { Box, Button, Flex, Link as ChakraLink, Menu, Portal } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';
import { NavLink, useLocation } from 'react-router';
import { currentGroupOf, NAV_GROUP_ICONS, type AreaNavSection } from './nav-sections.ts';

/**
 * The area's navigation on a wide screen, in one row: the direct links, then one menu per group. The
 * group holding the current page is marked (aria-current and an underline). Where the row has no room
 * for the groups' names (a provider admin's seven groups beside the team selector on a laptop), each group
 * shows its icon alone, its name kept as the button's accessible name, tooltip and the menu's heading.
 */
export function MainNav({ sections }: { sections: AreaNavSection[] }) {
  const { pathname } = useLocation();
  const current = currentGroupOf(sections, pathname);
  const { ref, compact } = useFitsLabels(sections);
  return (
    <Flex as="nav" ref={ref} aria-label="Main" align="center" gap="0.5" w="fit-content" maxW="full" overflow="hidden" data-testid="main-nav" data-compact={compact || undefined}>
      {sections.map((section) =>
        section.kind === 'link' ? (
          <ChakraLink
            key={section.item.to}
            asChild
            px="2"
            py="1.5"
            rounded="l2"
            fontWeight="medium"
            fontSize="sm"
            color="fg.muted"
            whiteSpace="nowrap"
            _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
            _currentPage={{ color: 'fg', boxShadow: 'inset 0 -2px 0 var(--chakra-colors-color-palette-solid)' }}
            colorPalette="blue"
          >
            <NavLink to={section.item.to}>{section.item.label}</NavLink>
          </ChakraLink>
        ) : (
          <GroupMenu key={section.id} section={section} current={section.id === current} compact={compact} />
        ),
      )}
    </Flex>
  );
}

/**
 * Whether the groups' names do not fit: the width the row needs with them is read whenever they are shown
 * (once per set of entries), the room it has at each resize; the icons stand in while room < need.
 */
function useFitsLabels(sections: AreaNavSection[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number>();
  const [needed, setNeeded] = useState<{ sections: AreaNavSection[]; width: number }>();
  const measured = needed?.sections === sections ? needed.width : undefined;
  const compact = measured !== undefined && room !== undefined && room < measured;
  useLayoutEffect(() => {
    const nav = ref.current;
    const parent = nav?.parentElement;
    if (!nav || !parent) return;
    // Called once on observing, then on each change of either size (the names coming or going included).
    const observer = new ResizeObserver(() => {
      setRoom(parent.clientWidth);
      if (nav.dataset.compact === undefined) setNeeded({ sections, width: nav.scrollWidth });
    });
    observer.observe(parent);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [sections]);
  return { ref, compact };
}

function GroupMenu({ section, current, compact }: { section: Extract<AreaNavSection, { kind: 'group' }>; current: boolean; compact: boolean }) {
  const Icon = NAV_GROUP_ICONS[section.id];
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          px="2"
          gap="0.5"
          color={current ? 'fg' : 'fg.muted'}
          fontWeight="medium"
          aria-label={section.label}
          aria-current={current ? 'true' : undefined}
          title={section.label}
          colorPalette="blue"
          boxShadow={current ? 'inset 0 -2px 0 var(--chakra-colors-color-palette-solid)' : undefined}
          rounded="l2"
          data-testid={`nav-group-${section.id}`}
        >
          {compact ? <Icon aria-hidden /> : section.label}
          <Box as={LuChevronDown} aria-hidden boxSize="3.5" color="fg.subtle" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            <Menu.ItemGroup>
              {compact && <Menu.ItemGroupLabel>{section.label}</Menu.ItemGroupLabel>}
              {/* Links, so the browser follows them (and opens them in a new tab) as any link. */}
              {section.items.map((item) => (
                <Menu.Item key={item.to} value={item.to} asChild _currentPage={{ fontWeight: 'semibold', bg: 'bg.muted' }}>
                  <NavLink to={item.to}>{item.label}</NavLink>
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
