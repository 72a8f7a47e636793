import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { formatPhoneDisplay, type FormDefinition } from '../../engine/index.ts';
import { editionIdAtom } from '../definitions/registry-atoms.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { DefinitionDialog } from '../dialog/definition-dialog.tsx';
import { useDefinitionContext } from '../form/use-definition-form.ts';
import { saveFailure } from '../page/save-failure.ts';
import { api } from '../session/api.ts';
import { useCurrentUser } from '../session/use-session.ts';
import { currentUserQuery, sessionStore } from '../session/store.ts';
import { toaster } from './toaster.tsx';

/**
 * The user's own details: the top of the profile page, where the MFA-required dialog sends them. Name and
 * phone number are changed through the my-profile definition (the same form the server checks the change
 * with); the phone shows with the edition's country code.
 */
export function ProfileSummary() {
  const user = useCurrentUser().data!;
  const registry = useRegistry();
  const editionId = useAtomValue(editionIdAtom);
  const { edition, context } = useDefinitionContext();
  const definition = useMemo(() => registry.resolve<FormDefinition>('my-profile', editionId), [registry, editionId]);
  const [editing, setEditing] = useState(false);

  const save = async (payload: Record<string, unknown>) => {
    try {
      await api.PUT('/api/auth/v1/me/profile', { body: payload as { firstName: string; lastName: string; phone?: string } });
    } catch (error) {
      throw saveFailure(error, definition.binding?.failureText ?? 'Something went wrong. Please try again later');
    }
    await currentUserQuery.ensure(sessionStore, true);
    toaster.create({ type: 'success', title: 'Your details were saved', closable: true });
  };

  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="5" maxW="xl" data-testid="profile-summary">
      <Stack gap="2" fontSize="sm">
        <Text>
          <strong>Name:</strong> {user.fullName}
        </Text>
        <Text>
          <strong>Email:</strong> {user.email}
        </Text>
        <Text data-testid="profile-phone">
          <strong>Phone:</strong> {user.phone ? formatPhoneDisplay(user.phone, edition.phone.countryCode) : 'Not added'}
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
        <HStack pt="2">
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {user.phone ? 'Edit details' : 'Add phone number'}
          </Button>
        </HStack>
      </Stack>
      <DefinitionDialog
        definition={definition}
        edition={edition}
        context={context}
        initialData={{ firstName: user.firstName, lastName: user.lastName, ...(user.phone ? { phone: user.phone } : {}) }}
        open={editing}
        onClose={() => setEditing(false)}
        onSubmit={save}
      />
    </Box>
  );
}
