import { useMemo, useState } from 'react';
import { Box, Button, Checkbox, Flex, Grid, HStack, Stack } from '@chakra-ui/react';
import { todayIso, type EditionId, type FormDefinition, type RuleContext } from '../../engine/index.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { DefinitionForm } from '../form/definition-form.tsx';
import { useFormSession } from '../form/use-form-session.ts';
import { DefinitionDialog } from '../dialog/definition-dialog.tsx';
import { PersonaSelect } from './persona-select.tsx';
import { FormStatePanel } from './form-state-panel.tsx';

const EMPTY: Record<string, unknown> = {};

/** How long the gallery's pretend submit takes: long enough to see the spinner. */
const PRETEND_SUBMIT_MS = 600;

/**
 * A form definition with its sample data, a persona for `$context.persona`, the live state panel and
 * the same definition as a dialog. Submits go nowhere: the gallery previews, the pages send.
 */
export function FormPreview({ definition, editionId }: { definition: FormDefinition; editionId: EditionId }) {
  const registry = useRegistry();
  const edition = registry.edition(editionId);
  const [persona, setPersona] = useState('admin');
  const [today] = useState(todayIso);
  const context = useMemo<RuleContext>(() => ({ edition: editionId, persona, today, flags: {} }), [editionId, persona, today]);
  const [withSample, setWithSample] = useState(true);
  const sample = withSample ? definition.sample : EMPTY;
  const session = useFormSession(definition, context, sample);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [failSubmit, setFailSubmit] = useState(false);

  const pretendSubmit = () =>
    new Promise<void>((resolve, reject) =>
      setTimeout(() => (failSubmit ? reject(new Error('The gallery was asked to fail this submit')) : resolve()), PRETEND_SUBMIT_MS),
    );

  return (
    <Stack gap="4">
      <Flex gap="4" wrap="wrap" align="center">
        <PersonaSelect value={persona} onChange={setPersona} />
        <HStack gap="3" ms="auto">
          <Checkbox.Root size="sm" checked={withSample} onCheckedChange={(details) => setWithSample(details.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Start with the sample data</Checkbox.Label>
          </Checkbox.Root>
          <Checkbox.Root size="sm" checked={failSubmit} onCheckedChange={(details) => setFailSubmit(details.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Dialog submit fails</Checkbox.Label>
          </Checkbox.Root>
          <Button size="sm" colorPalette="blue" variant="outline" onClick={() => setDialogOpen(true)}>
            Open as dialog
          </Button>
        </HStack>
      </Flex>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(18rem, 1fr)' }} gap="5" alignItems="start">
        <Box>
          <DefinitionForm session={session} edition={edition} today={today}>
            <HStack mt="4">
              <Button type="submit" size="sm" colorPalette="blue">
                {definition.actions?.submitLabel ?? 'Save'}
              </Button>
            </HStack>
          </DefinitionForm>
        </Box>
        <FormStatePanel session={session} context={context} />
      </Grid>
      <DefinitionDialog
        definition={definition}
        edition={edition}
        context={context}
        initialData={sample}
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onSubmit={pretendSubmit}
      />
    </Stack>
  );
}
