import { useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, Field, Portal, Stack, Textarea } from '@chakra-ui/react';

/**
 * Asks for the change note a publish or restore needs (required: the history says why), then runs
 * `onConfirm`. What went wrong stays in the dialog; `children` shows above the note (conflicts, faults).
 */
export function NoteDialog({
  open,
  title,
  confirmLabel,
  busy,
  error,
  children,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  busy: boolean;
  error?: string;
  children?: ReactNode;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const missing = note.trim() === '';
  const submit = () => {
    setTried(true);
    if (!missing) onConfirm(note.trim());
  };
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && !busy && onClose()} size="md" initialFocusEl={() => noteRef.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {children}
                <Field.Root required invalid={tried && missing}>
                  <Field.Label>
                    Change note <Field.RequiredIndicator />
                  </Field.Label>
                  <Textarea ref={noteRef} value={note} onChange={(event) => setNote(event.target.value)} rows={3} maxLength={2000} placeholder="What changed and why" />
                  <Field.ErrorText>A change note is required</Field.ErrorText>
                </Field.Root>
                {error && (
                  <Field.Root invalid>
                    <Field.ErrorText role="alert">{error}</Field.ErrorText>
                  </Field.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" colorPalette="blue" loading={busy}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
