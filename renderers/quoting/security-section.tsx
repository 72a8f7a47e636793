import { memo } from 'react';
import { Badge, Box, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { P250CoverageState, P250State } from '../../engine/index.ts';
import { QUOTE_FLOW_TEXTS } from './quote-texts.ts';

/** A coverage the security answers decide, as the questions step shows it. */
export interface DecidedCoverage {
  id: number;
  label: string;
  answered: boolean;
  valid: boolean;
}

/** The coverages of a state that security questions decide, by id. */
export function decidedCoverages(state: Pick<P250State, 'coverages'>): DecidedCoverage[] {
  return (Object.values(state.coverages) as P250CoverageState[])
    .filter((coverage) => coverage.answered !== undefined)
    .sort((a, b) => a.id - b.id)
    .map((coverage) => ({ id: coverage.id, label: coverage.label, answered: Boolean(coverage.answered), valid: Boolean(coverage.valid) }));
}

interface SecuritySectionProps {
  decided: DecidedCoverage[];
  answered: boolean;
  /** Why coverages are not selected because of the answers. */
  why: string[];
  onOpen: () => void;
}

const statusOf = (coverage: DecidedCoverage) =>
  !coverage.answered ? { text: 'Not answered', palette: 'gray' } : coverage.valid ? { text: 'Qualifies', palette: 'green' } : { text: 'Does not qualify', palette: 'red' };

/** The questions step: whether the security questions are answered, which coverages they qualify, and why some are not selected. */
export const SecuritySection = memo(function SecuritySection({ decided, answered, why, onOpen }: SecuritySectionProps) {
  return (
    <Stack gap="3" data-testid="quote-security">
      {!answered && <Text color="fg.muted">{QUOTE_FLOW_TEXTS.securityUnansweredNote}</Text>}
      {decided.length > 0 && (
        <HStack gap="4" wrap="wrap">
          {decided.map((coverage) => {
            const status = statusOf(coverage);
            return (
              <HStack key={coverage.id} gap="2" data-testid={`security-coverage-${coverage.id}`}>
                <Text fontSize="sm">{coverage.label}</Text>
                <Badge colorPalette={status.palette}>{status.text}</Badge>
              </HStack>
            );
          })}
        </HStack>
      )}
      {why.length > 0 && (
        <Box borderLeftWidth="3px" borderColor="orange.400" ps="3" data-testid="quote-why">
          <Text fontSize="sm" fontWeight="medium">
            Why some coverages are not selected
          </Text>
          <List.Root ps="4" fontSize="sm">
            {why.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List.Root>
        </Box>
      )}
      <div>
        <Button size="sm" variant="outline" onClick={onOpen} data-testid="open-security-questions">
          {answered ? 'Edit Security Questions' : 'Answer Security Questions'}
        </Button>
      </div>
    </Stack>
  );
}, sameSection);

/** Drawn again only when what it shows changed, not on every change of the quote. */
function sameSection(before: SecuritySectionProps, after: SecuritySectionProps): boolean {
  return before.answered === after.answered && before.onOpen === after.onOpen && JSON.stringify([before.decided, before.why]) === JSON.stringify([after.decided, after.why]);
}
