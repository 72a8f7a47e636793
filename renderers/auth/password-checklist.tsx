import { useEffect, useState } from 'react';
import { Box, Heading, List, Text } from '@chakra-ui/react';
import { LuCircleCheck, LuCircleX } from 'react-icons/lu';
import { api } from '../session/api.ts';
import { SEARCH_THROTTLE_MS } from '../session/constants.ts';

type Constraint = { errorCode: string; displayText: string };

/**
 * The server's password constraints as a live checklist (spec 000 sections 2 and 5): each candidate is
 * checked by the server (validate-password), so the rules live in one place. Reports whether the
 * password passes every constraint.
 */
export function PasswordChecklist({ password, token, onValidChange }: {
  password: string;
  token?: string;
  onValidChange: (valid: boolean) => void;
}) {
  const [constraints, setConstraints] = useState<Constraint[]>();
  const [failing, setFailing] = useState<Set<string>>();
  const [checked, setChecked] = useState('');

  useEffect(() => {
    let live = true;
    api
      .GET('/api/auth/v1/password-constraints')
      .then(({ data }) => live && setConstraints(data ?? []))
      .catch(() => live && setConstraints([]));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!password) return undefined;
    let live = true;
    const timer = window.setTimeout(() => {
      api
        .POST('/api/auth/v1/validate-password', { params: { query: token ? { token } : {} }, body: { password } })
        .then(({ data }) => {
          if (!live) return;
          setFailing(new Set((data?.errors ?? []).map((error) => error.code)));
          setChecked(password);
        })
        .catch(() => undefined);
    }, SEARCH_THROTTLE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [password, token]);

  const current = password !== '' && checked === password && failing !== undefined;
  const valid = current && failing.size === 0;
  useEffect(() => onValidChange(valid), [valid, onValidChange]);

  if (!constraints?.length) return null;
  return (
    <Box borderWidth="1px" rounded="md" p="4" bg="bg.subtle" data-testid="password-checklist">
      <Heading as="h2" size="sm" mb="2">
        Your password must have
      </Heading>
      <List.Root gap="1" variant="plain" aria-live="polite">
        {constraints.map((constraint) => {
          const passes = current && !failing.has(constraint.errorCode);
          return (
            <List.Item key={constraint.errorCode} data-passes={passes} fontSize="sm">
              <List.Indicator asChild color={passes ? 'fg.success' : 'fg.muted'}>
                {passes ? <LuCircleCheck aria-hidden="true" /> : <LuCircleX aria-hidden="true" />}
              </List.Indicator>
              <Text as="span">{constraint.displayText}</Text>
              <Text as="span" srOnly>
                {passes ? ' (met)' : ' (not met)'}
              </Text>
            </List.Item>
          );
        })}
      </List.Root>
    </Box>
  );
}
