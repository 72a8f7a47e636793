import type { ReactNode } from 'react';
import { Box, Heading } from '@chakra-ui/react';

/** One step of the quote flow (spec 002 section 2 'Quote flow step names'), a landmark named by its heading. */
export function QuoteStepSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={`quote-step-${id}`} data-step={id} borderWidth="1px" rounded="md" p="4" bg="bg">
      <Heading as="h2" size="md" id={`quote-step-${id}`} mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}
