import { memo, useState } from 'react';
import { Box, Button, HStack, Heading, List, Stack, Text, chakra } from '@chakra-ui/react';
import type { Edition, FormDefinition, RuleContext } from '../../engine/index.ts';
import { DefinitionDialog } from '../dialog/definition-dialog.tsx';
import { additionalInsuredOf, eventExclusionOf, type QuoteExtras } from './quote-request.ts';
import { QUOTE_FLOW_TEXTS } from './quote-texts.ts';

interface QuoteExtrasProps {
  extras: QuoteExtras;
  setExtras: (update: (extras: QuoteExtras) => QuoteExtras) => void;
  /** Which of the extras the product has: TRIA (22), additional insured (29), specified event exclusion (40). */
  has: { tria: boolean; additionalInsured: boolean; eventExclusion: boolean };
  forms: { additionalInsured: FormDefinition; eventExclusion: FormDefinition };
  edition: Edition;
  context: RuleContext;
}

const Checkbox = chakra('input');

/**
 * What a quote carries beside its coverages: the TRIA attestation, additional insureds ('Add Additional
 * Insured Coverage') and specified-event exclusions, the last two entered in their form definitions'
 * dialogs and kept in the editor until the quote is sent.
 */
export const QuoteExtrasSection = memo(function QuoteExtrasSection({ extras, setExtras, has, forms, edition, context }: QuoteExtrasProps) {
  const [open, setOpen] = useState<'insured' | 'exclusion'>();
  if (!has.tria && !has.additionalInsured && !has.eventExclusion) return null;
  const removeAt = <K extends 'additionalInsureds' | 'eventExclusions'>(key: K, index: number) =>
    setExtras((current) => ({ ...current, [key]: current[key].filter((_, at) => at !== index) }));
  return (
    <Stack gap="4" data-testid="quote-extras">
      {has.tria && (
        <HStack gap="2" align="center">
          <Checkbox
            type="checkbox"
            id="quote-tria-attested"
            checked={extras.triaExclusionAttested}
            onChange={(event) => {
              const checked = event.target.checked;
              setExtras((current) => ({ ...current, triaExclusionAttested: checked }));
            }}
            w="4"
            h="4"
            accentColor="blue.600"
          />
          <chakra.label htmlFor="quote-tria-attested" fontSize="sm">
            {QUOTE_FLOW_TEXTS.triaAttested}
          </chakra.label>
        </HStack>
      )}
      {has.additionalInsured && (
        <Box>
          <Heading as="h3" size="sm" mb="2">
            Additional Insureds
          </Heading>
          {extras.additionalInsureds.length > 0 && (
            <List.Root ps="4" mb="2" fontSize="sm" data-testid="quote-additional-insureds">
              {extras.additionalInsureds.map((insured, index) => (
                <List.Item key={`${insured.businessName}-${index}`}>
                  <HStack gap="3">
                    <Text>{`${insured.businessName}, ${insured.address1}, ${insured.city} ${insured.zipCode}`}</Text>
                    <Button size="xs" variant="ghost" onClick={() => removeAt('additionalInsureds', index)} aria-label={`Remove ${insured.businessName}`}>
                      Remove
                    </Button>
                  </HStack>
                </List.Item>
              ))}
            </List.Root>
          )}
          <Button size="sm" variant="outline" onClick={() => setOpen('insured')}>
            {QUOTE_FLOW_TEXTS.addInsured}
          </Button>
        </Box>
      )}
      {has.eventExclusion && (
        <Box>
          <Heading as="h3" size="sm" mb="2">
            Specified Event Exclusions
          </Heading>
          {extras.eventExclusions.length > 0 && (
            <List.Root ps="4" mb="2" fontSize="sm" data-testid="quote-event-exclusions">
              {extras.eventExclusions.map((event, index) => (
                <List.Item key={`${event.claimNumber}-${index}`}>
                  <HStack gap="3">
                    <Text>{[event.claimNumber, event.claimName, event.claimDate].filter(Boolean).join(' · ')}</Text>
                    <Button size="xs" variant="ghost" onClick={() => removeAt('eventExclusions', index)} aria-label={`Remove ${event.claimNumber}`}>
                      Remove
                    </Button>
                  </HStack>
                </List.Item>
              ))}
            </List.Root>
          )}
          <Button size="sm" variant="outline" onClick={() => setOpen('exclusion')}>
            Add Specified Event Exclusion
          </Button>
        </Box>
      )}
      <DefinitionDialog
        definition={forms.additionalInsured}
        edition={edition}
        context={context}
        open={open === 'insured'}
        onClose={() => setOpen(undefined)}
        onSubmit={async (data) => setExtras((current) => ({ ...current, additionalInsureds: [...current.additionalInsureds, additionalInsuredOf(data)] }))}
      />
      <DefinitionDialog
        definition={forms.eventExclusion}
        edition={edition}
        context={context}
        open={open === 'exclusion'}
        onClose={() => setOpen(undefined)}
        onSubmit={async (data) => setExtras((current) => ({ ...current, eventExclusions: [...current.eventExclusions, eventExclusionOf(data)] }))}
      />
    </Stack>
  );
});
