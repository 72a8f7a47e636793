import { useState } from 'react';
import { Box, Text, Textarea, chakra } from '@chakra-ui/react';

/**
 * A small JSON box (sample data, rule-tester data): the parsed value reaches `onValue` as soon as the
 * text is valid JSON; while it is not, the box says why and the last valid value stays in use.
 */
export function JsonTextArea({ id, label, initial, onValue, rows = 8 }: { id: string; label: string; initial: unknown; onValue: (value: Record<string, unknown>) => void; rows?: number }) {
  const [text, setText] = useState(() => JSON.stringify(initial ?? {}, null, 2));
  const [error, setError] = useState<string>();
  return (
    <Box>
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" display="block" mb="1">
        {label}
      </chakra.label>
      <Textarea
        id={id}
        value={text}
        rows={rows}
        fontFamily="mono"
        fontSize="xs"
        bg="bg"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          try {
            const value = JSON.parse(next) as unknown;
            if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('The data must be a JSON object');
            setError(undefined);
            onValue(value as Record<string, unknown>);
          } catch (parseError) {
            setError((parseError as Error).message);
          }
        }}
      />
      {error && (
        <Text id={`${id}-error`} fontSize="xs" color="fg.error" mt="1" role="status">
          Not used until it is valid JSON: {error}
        </Text>
      )}
    </Box>
  );
}
