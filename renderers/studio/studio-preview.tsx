import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Grid, HStack, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react';
import { todayIso, type Definition, type EditionId, type FormDefinition, type ListDefinition, type PageDefinition, type Registry, type RuleContext, type TableDefinition } from '../../engine/index.ts';
import { DefinitionForm } from '../form/definition-form.tsx';
import { useFormSession } from '../form/use-form-session.ts';
import { FormStatePanel } from '../preview/form-state-panel.tsx';
import { PersonaSelect } from '../preview/persona-select.tsx';
import { TablePreview } from '../preview/table-preview.tsx';
import { ListPreview } from '../preview/list-preview.tsx';
import { PagePreview } from '../preview/page-preview.tsx';
import { resolveIn } from './draft-check.ts';
import { JsonTextArea } from './json-text-area.tsx';
import { RaterPreview } from '../preview/rater-preview.tsx';
import { useStable } from '../definitions/use-stable.ts';

/**
 * The draft as users would see it, in the chosen edition: a form with editable sample data, its live
 * field messages and which rules hold (the gallery's engine panel); tables, lists and pages as the
 * gallery draws them; the rater's definitions by rating the sample risks with the draft. It follows the
 * draft as it is typed, from the last version that loads.
 */
export function StudioPreview({ registry, definitionId, edition, persona, onPersona }: { registry: Registry; definitionId: string; edition: EditionId; persona: string; onPersona: (persona: string) => void }) {
  const resolved = useStable(useMemo(() => resolveIn(registry, definitionId, edition), [registry, definitionId, edition]));
  if (!resolved.ok) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{`${definitionId} does not resolve in the ${edition.toUpperCase()} edition`}</Alert.Title>
          <Alert.Description whiteSpace="pre-wrap">{resolved.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return <DefinitionPreview definition={resolved.definition} registry={registry} edition={edition} persona={persona} onPersona={onPersona} />;
}

function DefinitionPreview({ definition, registry, edition, persona, onPersona }: { definition: Definition; registry: Registry; edition: EditionId; persona: string; onPersona: (persona: string) => void }) {
  switch (definition.kind) {
    case 'form':
      return <FormDraftPreview definition={definition as FormDefinition} registry={registry} edition={edition} persona={persona} onPersona={onPersona} />;
    case 'table':
      return <TablePreview definition={definition as TableDefinition} editionId={edition} />;
    case 'list':
      return <ListPreview definition={definition as ListDefinition} />;
    case 'page':
      return <PagePreview definition={definition as PageDefinition} />;
    case 'product':
    case 'rating-table':
    case 'coverage-catalogue':
    case 'rater-presets':
    case 'rater-sample-risks':
      return <RaterPreview registry={registry} definition={definition} edition={edition} />;
  }
}

function FormDraftPreview({ definition, registry, edition, persona, onPersona }: { definition: FormDefinition; registry: Registry; edition: EditionId; persona: string; onPersona: (persona: string) => void }) {
  const [today] = useState(todayIso);
  const context = useMemo<RuleContext>(() => ({ edition, persona, today, flags: {} }), [edition, persona, today]);
  // The sample data lives beside the form: edited here, it restarts the preview with it.
  const [sample, setSample] = useState<Record<string, unknown>>(() => (definition.sample ?? {}) as Record<string, unknown>);
  const session = useFormSession(definition, context, sample);
  return (
    <Stack gap="4" data-testid="studio-preview">
      <HStack gap="4" wrap="wrap">
        <PersonaSelect value={persona} onChange={onPersona} />
      </HStack>
      <Box borderWidth="1px" rounded="md" bg="bg.subtle" p="3" maxH="62vh" overflowY="auto" tabIndex={0} role="region" aria-label="Form preview">
        <DefinitionForm session={session} edition={registry.edition(edition)} today={today} columns={1} />
      </Box>
      <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="4" alignItems="start">
        <FormStatePanel session={session} context={context} />
        <JsonTextArea id="studio-sample" label="Sample data (JSON)" initial={sample} onValue={setSample} rows={12} />
      </Grid>
    </Stack>
  );
}

/** For an edition's settings, which form to preview with them. */
export function FormPicker({ registry, value, onChange }: { registry: Registry; value: string; onChange: (id: string) => void }) {
  const forms = registry.list('form');
  useEffect(() => {
    if (!value && forms[0]) onChange(forms[0].id);
  }, [value, forms, onChange]);
  return (
    <HStack gap="2">
      <chakra.label htmlFor="studio-preview-form" fontSize="sm" fontWeight="medium">
        Preview form
      </chakra.label>
      <NativeSelect.Root size="sm" width="56">
        <NativeSelect.Field id="studio-preview-form" value={value} onChange={(event) => onChange(event.target.value)} bg="bg">
          {forms.map((form) => (
            <option key={form.id} value={form.id}>
              {form.id}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Text fontSize="xs" color="fg.muted">
        with these edition settings
      </Text>
    </HStack>
  );
}
