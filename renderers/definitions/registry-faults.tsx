import { Box, Code, Heading, List, Text } from '@chakra-ui/react';
import { describeFault, type DefinitionFault } from '../../engine/index.ts';

/** What users see when the definitions do not load: every fault with its file and JSON pointer. */
export function RegistryFaults({ faults }: { faults: DefinitionFault[] }) {
  return (
    <Box role="alert" maxW="4xl" mx="auto" my="10" p="6" borderWidth="1px" borderColor="border.error" rounded="md" bg="bg.error">
      <Heading size="lg" mb="2">
        The definitions could not be loaded
      </Heading>
      <Text mb="4">
        {faults.length === 1 ? 'One fault stops' : `${faults.length} faults stop`} the forms and tables from loading. Fix
        the files below and reload.
      </Text>
      <List.Root gap="2" ps="4">
        {faults.map((fault) => (
          <List.Item key={describeFault(fault)}>
            <Code>{`${fault.file}#${fault.pointer || '/'}`}</Code> {fault.message}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
