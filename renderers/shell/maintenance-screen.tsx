import { Heading, Stack, Text } from '@chakra-ui/react';

/** Shown in the shell while a maintenance flag (global or this edition's) is on. */
export function MaintenanceScreen() {
  return (
    <Stack gap="3" py="16" align="center" textAlign="center" data-testid="maintenance-screen">
      <Heading as="h1" size="xl">
        Maintenance
      </Heading>
      <Text>We're in Maintenance Mode... check back within the next 30 minutes</Text>
    </Stack>
  );
}
