import { Text } from '@chakra-ui/react';
import { useEdition } from '../form/use-definition-form.ts';
import { personaOfAccountType, withTerms } from '../session/personas.ts';
import { useCurrentUser } from '../session/use-session.ts';

/** The area's name and the user's account, and a greeting: the top of every dashboard. */
export function AreaWelcome() {
  const user = useCurrentUser().data!;
  const edition = useEdition();
  const persona = personaOfAccountType(user.account.accountType);
  return (
    <div data-testid="area-welcome">
      <Text color="fg.muted">
        {persona ? withTerms(persona.name, edition.terms) : ''} · {user.account.fullName || user.account.name}
      </Text>
      <Text mt="2">Welcome back, {user.firstName}.</Text>
    </div>
  );
}
