import { useMemo, useState } from 'react';
import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { todayIso, type EditionId, type FormDefinition, type RuleContext, type TableDefinition, type PageAction } from '../../engine/index.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { DefinitionTable } from '../table/definition-table.tsx';
import type { Row } from '../table/table-types.ts';
import { DefinitionDialog } from '../dialog/definition-dialog.tsx';
import { useEditionLists } from './use-edition-lists.ts';

/**
 * A table definition over its sample rows, with a switch to see its loading placeholders. Row actions
 * that open a dialog open it with the row as data; actions that call an operation only say so here.
 */
export function TablePreview({ definition, editionId }: { definition: TableDefinition; editionId: EditionId }) {
  const registry = useRegistry();
  const lists = useEditionLists(editionId);
  const edition = registry.edition(editionId);
  const [loading, setLoading] = useState(false);
  const [note, setNote] = useState<string>();
  const [open, setOpen] = useState<{ form: FormDefinition; row: Row }>();
  const context = useMemo<RuleContext>(() => ({ edition: editionId, persona: 'admin', today: todayIso(), flags: {} }), [editionId]);
  const rows = useMemo(() => (definition.sample ?? []) as Row[], [definition]);

  const onRowAction = (action: PageAction, row: Row) => {
    const target = action.dialog ? registry.get(action.dialog) : undefined;
    if (target?.kind === 'form') {
      setOpen({ form: registry.resolve<FormDefinition>(target.id, editionId), row });
      return;
    }
    const key = String(row[definition.rowKey] ?? '');
    setNote(`${action.label} on ${key}${action.confirm ? `: would ask '${action.confirm}'` : ''}${action.operation ? ` then call ${action.operation}` : ''}`);
  };

  return (
    <Stack gap="3">
      <Checkbox.Root size="sm" checked={loading} onCheckedChange={(details) => setLoading(details.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Show loading state</Checkbox.Label>
      </Checkbox.Root>
      <DefinitionTable definition={definition} rows={rows} edition={edition} lists={lists} loading={loading} onRowAction={onRowAction} />
      {note && (
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {note}
        </Text>
      )}
      {open && (
        <DefinitionDialog
          definition={open.form}
          edition={edition}
          context={context}
          initialData={open.row}
          open
          onClose={() => setOpen(undefined)}
          onSubmit={() => Promise.resolve()}
        />
      )}
    </Stack>
  );
}
