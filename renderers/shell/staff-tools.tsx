import { Heading, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from 'react-router';

const TOOLS = [
  { to: '/admin/gallery', title: 'Definition gallery', text: 'Every form, table, list and page as it renders, in both editions, with sample data.' },
  { to: '/admin/studio', title: 'Definition studio', text: 'Change wording, rules, layouts and pages, preview them and publish without a rebuild.' },
];

/** The provider staff's tools: the definitions as users see them, and the studio that changes them. */
export function StaffTools() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="4xl">
      {TOOLS.map((tool) => (
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
