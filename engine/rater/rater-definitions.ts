import type { Definition } from '../definitions/types.ts';
import { RATER_DEFINITION_KINDS } from '../definitions/rater-types.ts';
import type {
  CoverageCatalogueDefinition,
  ProductDefinition,
  RaterPresetsDefinition,
  RaterSampleRisksDefinition,
  RatingTableDefinition,
} from '../definitions/rater-types.ts';
import type { EditionId } from '../editions/edition-types.ts';
import type { RaterDefinitions } from './rating-types.ts';

/**
 * Gathers the rater's definitions from the definitions of one edition as resolved (overlays applied):
 * the server and the browser both hold resolved definitions by id (Registry.resolve). Products an
 * edition does not offer (its overlay sets offered false) are known but not rated; sample risks are
 * those of the edition's products.
 */
export function raterDefinitionsFrom(
  documents: Iterable<Definition> | Record<string, Definition> | Map<string, Definition>,
  edition: EditionId,
): RaterDefinitions {
  const list: Definition[] =
    documents instanceof Map ? [...documents.values()] : Symbol.iterator in Object(documents) ? [...(documents as Iterable<Definition>)] : Object.values(documents as Record<string, Definition>);
  const byKind = <T extends Definition>(kind: string) => list.filter((definition) => definition.kind === kind) as T[];

  const catalogues = byKind<CoverageCatalogueDefinition>('coverage-catalogue');
  if (catalogues.length !== 1) throw new Error(`the rater needs exactly one coverage catalogue, found ${catalogues.length}`);
  const catalogue = catalogues[0]!;

  const allProducts = new Map(byKind<ProductDefinition>('product').map((product) => [product.code, product]));
  const products = new Map([...allProducts].filter(([, product]) => product.offered));

  const tables = new Map<string, RatingTableDefinition[]>();
  for (const table of byKind<RatingTableDefinition>('rating-table')) {
    const versions = tables.get(table.table) ?? [];
    versions.push(table);
    tables.set(table.table, versions);
  }
  for (const versions of tables.values()) versions.sort((a, b) => b.effectiveDate.localeCompare(a.effectiveDate) || b.version - a.version);

  const sampleRisks = byKind<RaterSampleRisksDefinition>('rater-sample-risks')
    .flatMap((definition) => definition.risks)
    .filter((risk) => products.has(String(risk.input.product)) && (risk.input.edition === undefined || risk.input.edition === edition));

  return {
    edition,
    products,
    allProducts,
    catalogue,
    coverages: new Map(catalogue.coverages.map((coverage) => [coverage.id, coverage])),
    tables,
    presets: byKind<RaterPresetsDefinition>('rater-presets'),
    sampleRisks,
  };
}

/** The rater's definitions of an edition straight from a registry-like source of resolved definitions. */
export function raterDefinitionsOf(
  source: { list(): Definition[]; resolve(id: string, edition: EditionId): Definition; edition?(id: EditionId): { terms: Record<string, string> } },
  edition: EditionId,
): RaterDefinitions {
  const kinds = new Set<string>(RATER_DEFINITION_KINDS);
  const rater = raterDefinitionsFrom(
    source.list().filter((definition) => kinds.has(definition.kind)).map((definition) => source.resolve(definition.id, edition)),
    edition,
  );
  return source.edition ? { ...rater, terms: source.edition(edition).terms } : rater;
}
