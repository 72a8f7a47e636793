import { Box, Stack, Text } from '@chakra-ui/react';
import { useCurrentUser } from '../session/use-session.ts';

/** The user's own details: the top of the profile page, where the MFA-required dialog sends them. */
export function ProfileSummary() {
  const user = useCurrentUser().data!;
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="5" maxW="xl">
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
  );
}
