import { useState } from 'react';
import { Box, Button, Code, Stack, Text } from '@chakra-ui/react';
import type { RequestFailure } from '../../api/request-failure.ts';

/** Response data longer than this is cut: the notification is a hint for support, not a log viewer. */
const DATA_SHOWN_CHARS = 2000;

function dataText(data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data, null, 2) ?? '';
  return text.length > DATA_SHOWN_CHARS ? `${text.slice(0, DATA_SHOWN_CHARS)}…` : text;
}

/**
 * The expandable part of an error notification (spec 001 section 2): the message, the response data, the
 * method, the URL and the query parameters of the call that failed, hidden until asked for.
 */
export function FailureDetails({ failure }: { failure: RequestFailure }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="1" data-testid="failure-details">
      <Button size="2xs" variant="plain" textDecoration="underline" alignSelf="start" px="0" aria-expanded={open} onClick={() => setOpen((was) => !was)}>
        {open ? 'Hide details' : 'Show details'}
      </Button>
      {open && (
        <Box as="dl" fontSize="xs" display="grid" gridTemplateColumns="auto 1fr" columnGap="2" rowGap="1" maxWidth="100%">
          <Text as="dt" fontWeight="semibold">Message</Text>
          <Text as="dd">{failure.message}</Text>
          <Text as="dt" fontWeight="semibold">Status</Text>
          <Text as="dd">{failure.status}</Text>
          <Text as="dt" fontWeight="semibold">Method</Text>
          <Text as="dd">{failure.method}</Text>
          <Text as="dt" fontWeight="semibold">URL</Text>
          <Text as="dd" wordBreak="break-all">{failure.url}</Text>
          <Text as="dt" fontWeight="semibold">Query parameters</Text>
          <Box as="dd">
            {failure.query.length === 0 ? 'none' : failure.query.map(([name, value], index) => <Text key={`${name}-${index}`} wordBreak="break-all">{`${name} = ${value}`}</Text>)}
          </Box>
          <Text as="dt" fontWeight="semibold">Response data</Text>
          <Code as="dd" display="block" whiteSpace="pre-wrap" wordBreak="break-all" maxHeight="40" overflow="auto" fontSize="2xs">
            {dataText(failure.data) || 'none'}
          </Code>
        </Box>
      )}
    </Stack>
  );
}
