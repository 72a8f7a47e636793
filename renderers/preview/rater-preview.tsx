import { Fragment, useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Stack, Table, Text } from '@chakra-ui/react';
import {
  formatMoney,
  rateQuote,
  raterDefinitionsOf,
  type Definition,
  type EditionId,
  type ProductDefinition,
  type RaterDefinitions,
  type RatingInput,
  type RatingOutcome,
  type RatingTableDefinition,
  type Registry,
  type SampleRisk,
} from '../../engine/index.ts';

/** The sample risks a draft affects: a product's own, those of products rating with a table, else all of the edition. */
function risksFor(rater: RaterDefinitions, definition: Definition): SampleRisk[] {
  if (definition.kind === 'product') return rater.sampleRisks.filter((risk) => risk.input.product === (definition as ProductDefinition).code);
  if (definition.kind === 'rating-table') {
    const table = (definition as RatingTableDefinition).table;
    const codes = new Set([...rater.products.values()].filter((product) => Object.values(product.rating).includes(table)).map((product) => product.code));
    return rater.sampleRisks.filter((risk) => codes.has(String(risk.input.product)));
  }
  return rater.sampleRisks;
}

type Preview = { ok: true; rows: { risk: SampleRisk; outcome: RatingOutcome }[]; note?: string } | { ok: false; message: string };

/**
 * Products, rating tables, presets, the catalogue and sample risks previewed by rating: each sample risk
 * the draft affects is rated with the draft (the registry holds it), showing premium, fees, taxes and
 * total, and the trace underwriters read, step by step.
 */
export function RaterPreview({ registry, definition, edition }: { registry: Registry; definition: Definition; edition: EditionId }) {
  const preview = useMemo<Preview>(() => {
    try {
      const rater = raterDefinitionsOf(registry, edition);
      if (definition.kind === 'product' && !(definition as ProductDefinition).offered) {
        return { ok: true, rows: [], note: `${(definition as ProductDefinition).title} is not offered in the ${edition.toUpperCase()} edition: switch edition to preview it.` };
      }
      // A table version is previewed on its first day in force, so that the draft is the version used.
      const table = definition.kind === 'rating-table' ? (definition as RatingTableDefinition) : undefined;
      const rows = risksFor(rater, definition).map((risk) => {
        const input = { ...(risk.input as unknown as RatingInput), ...(table ? { effectiveDate: table.effectiveDate } : {}) };
        return { risk, outcome: rateQuote(input, rater) };
      });
      const note = !table
        ? undefined
        : rows.length
          ? `Rated as if effective ${table.effectiveDate}, the first day this version of ${table.table} is in force.`
          : `No product of the ${edition.toUpperCase()} edition rates with ${table.table}.`;
      return { ok: true, rows, note };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  }, [registry, definition, edition]);
  const [open, setOpen] = useState<string>();
  const settings = registry.edition(edition);
  const money = (value: string) => formatMoney(Number(value), settings);

  if (!preview.ok) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The rater cannot load these definitions</Alert.Title>
          <Alert.Description>{preview.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="3" data-testid="rater-preview">
      <Text fontSize="sm" color="fg.muted">
        {`The sample risks rated with this draft in the ${edition.toUpperCase()} edition. Seeded rates are illustrative, not filed rates.`}
      </Text>
      {preview.note && <Text fontSize="sm">{preview.note}</Text>}
      {preview.rows.length > 0 && (
        <Box borderWidth="1px" rounded="md" bg="bg" overflowX="auto">
          <Table.Root size="sm" aria-label="Sample risks rated with the draft">
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>Sample risk</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Premium</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Fees</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Taxes</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {preview.rows.map(({ risk, outcome }) => (
                <Fragment key={risk.id}>
                  <Table.Row>
                    <Table.Cell>
                      <Text>{risk.label}</Text>
                      <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                        {`${String(risk.input.product)} · ${risk.id}`}
                      </Text>
                    </Table.Cell>
                    {outcome.ok ? (
                      <>
                        <Table.Cell textAlign="end">{money(outcome.premium)}</Table.Cell>
                        <Table.Cell textAlign="end">{money(outcome.fees)}</Table.Cell>
                        <Table.Cell textAlign="end">{money((Number(outcome.surplusLineTax) + Number(outcome.surplusStampingFee) + Number(outcome.premiumTax)).toFixed(2))}</Table.Cell>
                        <Table.Cell textAlign="end" fontWeight="semibold">
                          {money(outcome.totalPremium)}
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          <Button size="xs" variant="outline" onClick={() => setOpen(open === risk.id ? undefined : risk.id)} aria-expanded={open === risk.id}>
                            {open === risk.id ? 'Hide trace' : 'Trace'}
                          </Button>
                        </Table.Cell>
                      </>
                    ) : (
                      <Table.Cell colSpan={5}>
                        <Badge colorPalette="red" mr="2">
                          Refused
                        </Badge>
                        {outcome.reason}
                      </Table.Cell>
                    )}
                  </Table.Row>
                  {outcome.ok && open === risk.id && (
                    <Table.Row>
                      <Table.Cell colSpan={6} bg="bg.subtle">
                        <TraceTable outcome={outcome} money={money} />
                      </Table.Cell>
                    </Table.Row>
                  )}
                </Fragment>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

function TraceTable({ outcome, money }: { outcome: Extract<RatingOutcome, { ok: true }>; money: (value: string) => string }) {
  return (
    <Stack gap="2">
      <Text fontSize="xs" color="fg.muted">
        {`IRPM modifier ${outcome.irpmModifier}; tables: ${Object.values(outcome.tableVersions).join(', ')}`}
      </Text>
      <Table.Root size="sm" aria-label="Calculation trace">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Step</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Factor</Table.ColumnHeader>
            <Table.ColumnHeader>Source</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Running premium</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {outcome.trace.map((step, index) => (
            <Table.Row key={index}>
              <Table.Cell>{step.step}</Table.Cell>
              <Table.Cell textAlign="end" fontFamily="mono" fontSize="xs">
                {step.operation === 'multiply' ? `× ${step.factor}` : step.operation === 'set' ? money(step.factor) : `+ ${money(step.amount ?? step.factor)}`}
              </Table.Cell>
              <Table.Cell fontSize="xs">
                <Text fontFamily="mono">{step.source.table}</Text>
                <Text color="fg.muted">{step.source.row}</Text>
              </Table.Cell>
              <Table.Cell textAlign="end">{money(step.runningPremium)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
