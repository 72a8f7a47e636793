import { Dialog, CloseButton, Portal } from '@chakra-ui/react';
import type { Edition, FormDefinition, RuleContext } from '../../engine/index.ts';
import { DialogForm } from './dialog-form.tsx';

export interface DefinitionDialogProps {
  definition: FormDefinition;
  edition: Edition;
  context: RuleContext;
  initialData?: Record<string, unknown>;
  open: boolean;
  onClose: () => void;
  /** Sends the payload; the dialog closes when it resolves and shows the error when it rejects. */
  onSubmit: (payload: Record<string, unknown>) => Promise<unknown>;
}

/**
 * A form definition in a Chakra dialog: title from the definition, buttons from its actions. The form
 * mounts when the dialog opens (a fresh session each time) and unmounts when it closes.
 */
export function DefinitionDialog({ definition, edition, context, initialData, open, onClose, onSubmit }: DefinitionDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size={definition.actions?.size ?? 'lg'}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`dialog-${definition.id}`}>
            <Dialog.Header>
              <Dialog.Title>{definition.title ?? definition.id}</Dialog.Title>
            </Dialog.Header>
            <DialogForm
              definition={definition}
              edition={edition}
              context={context}
              initialData={initialData}
              onClose={onClose}
              onSubmit={onSubmit}
            />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
