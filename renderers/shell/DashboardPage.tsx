import { useMemo } from 'react';
import { Box, Heading, LinkBox, LinkOverlay, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import type { TableDefinition } from '../../engine/index.ts';
import { useEdition } from '../auth/use-auth-form.ts';
import { editionIdAtom } from '../definitions/registry-atoms.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { useEditionLists } from '../gallery/use-edition-lists.ts';
import { withTerms, type Persona } from '../session/personas.ts';
import { useCurrentUser } from '../session/use-session.ts';
import { DefinitionTable } from '../table/DefinitionTable.tsx';
import { MfaSetup } from './MfaSetup.tsx';

/** The tables of each area's landing page, by definition id. */
const AREA_TABLES: Partial<Record<Persona['id'], string[]>> = {
  agency: ['agency-quotes', 'agency-binders', 'agency-policies', 'agency-accounts', 'agency-submissions'],
  vendor: ['claims'],
};

const NO_ROWS: Record<string, unknown>[] = [];

/** An area's landing page: a heading, the area's name and account, and the area's tables. */
export function DashboardPage({ persona }: { persona: Persona }) {
  const user = useCurrentUser().data!;
  const edition = useEdition();
  const areaName = withTerms(persona.name, edition.terms);
  const tables = AREA_TABLES[persona.id] ?? [];
  return (
    <Stack gap="6" data-testid={`dashboard-${persona.id}`}>
      <Box>
        <Heading as="h1" size="2xl">
          {persona.id === 'vendor' ? 'Claims' : 'Dashboard'}
        </Heading>
        <Text color="fg.muted" mt="1">
          {areaName} · {user.account.fullName || user.account.name}
        </Text>
        <Text mt="3">Welcome back, {user.firstName}.</Text>
      </Box>
      {tables.length > 0 && <AreaTables ids={tables} />}
      {persona.id === 'admin' && <StaffTools />}
      {tables.length === 0 && persona.id !== 'admin' && <Text color="fg.muted">There is nothing on this dashboard yet.</Text>}
    </Stack>
  );
}

/**
 * The area's tables as tabs. The API has no search calls for them yet, so they show their empty state:
 * no rows are made up.
 */
function AreaTables({ ids }: { ids: string[] }) {
  const registry = useRegistry();
  const editionId = useAtomValue(editionIdAtom);
  const edition = registry.edition(editionId);
  const lists = useEditionLists(editionId);
  const tables = useMemo(() => ids.map((id) => registry.resolve<TableDefinition>(id, editionId)), [ids, registry, editionId]);
  if (tables.length === 1) {
    return <DefinitionTable definition={tables[0]!} rows={NO_ROWS} edition={edition} lists={lists} />;
  }
  return (
    <Tabs.Root defaultValue={tables[0]!.id} variant="line" lazyMount>
      <Tabs.List>
        {tables.map((table) => (
          <Tabs.Trigger key={table.id} value={table.id}>
            {table.title ?? table.id}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tables.map((table) => (
        <Tabs.Content key={table.id} value={table.id}>
          <DefinitionTable definition={table} rows={NO_ROWS} edition={edition} lists={lists} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** The provider staff's tools: the definitions as users see them, and the studio that changes them. */
function StaffTools() {
  const tools = [
    { to: '/admin/gallery', title: 'Definition gallery', text: 'Every form, table and list as it renders, in both editions, with sample data.' },
    { to: '/admin/studio', title: 'Definition studio', text: 'Change wording, rules and layouts, preview them and publish without a rebuild.' },
  ];
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="4xl">
      {tools.map((tool) => (
        <LinkBox key={tool.to} bg="bg" borderWidth="1px" rounded="md" p="5" _hover={{ borderColor: 'border.emphasized' }}>
          <Heading as="h2" size="md" mb="1">
            <LinkOverlay asChild>
              <Link to={tool.to}>{tool.title}</Link>
            </LinkOverlay>
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {tool.text}
          </Text>
        </LinkBox>
      ))}
    </SimpleGrid>
  );
}

/** The user's own details and their multi-factor set-up; the place the MFA-required dialog sends them. */
export function ProfilePage() {
  const user = useCurrentUser().data!;
  return (
    <Stack gap="4" maxW="xl">
      <Heading as="h1" size="2xl">
        My profile
      </Heading>
      <Box bg="bg" borderWidth="1px" rounded="md" p="5">
        <Stack gap="2" fontSize="sm">
          <Text>
            <strong>Name:</strong> {user.fullName}
          </Text>
          <Text>
            <strong>Email:</strong> {user.email}
          </Text>
          <Text>
            <strong>Account:</strong> {user.account.fullName || user.account.name}
          </Text>
          <Text>
            <strong>Role:</strong> {user.role.name}
          </Text>
          <Text>
            <strong>Multi-factor authentication:</strong> {user.mfaType === 'NONE' ? 'Not enabled' : user.mfaType}
          </Text>
        </Stack>
      </Box>
      <MfaSetup user={user} />
    </Stack>
  );
}
