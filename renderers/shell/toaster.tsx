import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import type { RequestFailure } from '../../api/request-failure.ts';
import { FailureDetails } from './failure-details.tsx';

function isFailureMeta(meta: unknown): meta is { failure: RequestFailure } {
  return Boolean(meta && typeof meta === 'object' && 'failure' in meta);
}

/** Toasts: at most three at once, bottom right (spec 000 section 9: 'snackbar limit 3 at once; default position bottom-right'). */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 3 });

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              {isFailureMeta(toast.meta) && <FailureDetails failure={toast.meta.failure} />}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
