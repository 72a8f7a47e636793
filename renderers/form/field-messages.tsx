import { memo } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import type { MessageLevel } from '../../engine/index.ts';
import { messagesIdOf } from './field-ids.ts';

const NOTE_COLORS: Record<MessageLevel, string> = { error: 'fg.error', warning: 'fg.warning', info: 'fg.info' };

/**
 * Errors (once revealed) and the rules' warnings and information, under the field. Memoised: the
 * session keeps a field's arrays while they do not change, so most keystrokes skip it.
 */
export const FieldMessages = memo(function FieldMessages({ id, errors, notes }: { id: string; errors: string[]; notes: { text: string; level: MessageLevel }[] }) {
  if (errors.length === 0 && notes.length === 0) return null;
  return (
    <Stack id={messagesIdOf(id)} gap="0.5" mt="1" fontSize="sm" aria-live="polite">
      {errors.map((text) => (
        <Text key={`error:${text}`} color="fg.error" data-testid="field-error">
          {text}
        </Text>
      ))}
      {notes.map((note) => (
        <Text key={`${note.level}:${note.text}`} color={NOTE_COLORS[note.level]} data-testid={`field-${note.level}`}>
          {note.text}
        </Text>
      ))}
    </Stack>
  );
});
