import { memo } from 'react';
import { Badge, Box, Code, List, Text } from '@chakra-ui/react';
import type { DraftFault } from './draft-check.ts';

const SHOWN = 12;

/** The findings the editor marks inline, also as a list (screen readers do not read gutter marks). */
export const DraftFaults = memo(function DraftFaults({ faults, syntaxError, checking }: { faults: DraftFault[]; syntaxError?: string; checking: boolean }) {
  const errors = faults.filter((fault) => fault.severity === 'error').length + (syntaxError ? 1 : 0);
  const warnings = faults.filter((fault) => fault.severity === 'warning').length;
  return (
    <Box role="status" aria-live="polite" data-testid="draft-faults" fontSize="sm">
      <Text fontWeight="medium" color={errors ? 'fg.error' : warnings ? 'fg.warning' : 'fg.success'}>
        {syntaxError
          ? 'The JSON does not parse: the preview shows the last version that did'
          : errors || warnings
            ? `${plural(errors, 'error')}${warnings ? `, ${plural(warnings, 'warning')}` : ''}${errors ? ': the preview shows the last version that loaded' : ''}`
            : checking
              ? 'Checking…'
              : 'No problems found'}
      </Text>
      {syntaxError && <Text color="fg.error">{syntaxError}</Text>}
      {faults.length > 0 && (
        <List.Root ps="4" gap="1" mt="1">
          {faults.slice(0, SHOWN).map((fault) => (
            <List.Item key={`${fault.pointer} ${fault.message}`}>
              <Badge size="xs" colorPalette={fault.severity === 'error' ? 'red' : 'orange'} me="1">
                {fault.source}
              </Badge>
              <Code fontSize="xs">{fault.pointer || '/'}</Code> {fault.message}
            </List.Item>
          ))}
          {faults.length > SHOWN && <List.Item color="fg.muted">{`and ${faults.length - SHOWN} more`}</List.Item>}
        </List.Root>
      )}
    </Box>
  );
});

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
