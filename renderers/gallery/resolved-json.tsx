import { useMemo, useState } from 'react';
import { Box, chakra } from '@chakra-ui/react';
import { stableStringify, type Definition } from '../../engine/index.ts';

/** The resolved definition as QA diffs it (sorted keys), folded away until asked for. */
export function ResolvedJson({ definition }: { definition: Definition }) {
  // Rendered only while open: a large questionnaire's JSON is big, and closed it is of no use.
  const [open, setOpen] = useState(false);
  const text = useMemo(() => (open ? stableStringify(definition) : ''), [definition, open]);
  return (
    <chakra.details borderWidth="1px" rounded="md" bg="bg" data-testid="resolved-json" onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <chakra.summary px="4" py="2" cursor="pointer" fontWeight="semibold">
        Resolved JSON
      </chakra.summary>
      {open && (
      <Box as="pre" fontFamily="mono" fontSize="xs" p="4" overflow="auto" maxH="lg" borderTopWidth="1px" whiteSpace="pre">
        {text}
      </Box>
      )}
    </chakra.details>
  );
}
