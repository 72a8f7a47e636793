import type { ReactNode } from 'react';
import { Alert } from '@chakra-ui/react';

/** A message above or inside a form: an error the user must read (role alert) or a status. */
export function FormAlert({ status = 'error', title, children, testId }: {
  status?: 'error' | 'info' | 'success' | 'warning';
  title: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
