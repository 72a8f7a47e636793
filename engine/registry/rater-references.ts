import type { Definition } from '../definitions/types.ts';
import type {
  CoverageCatalogueDefinition,
  ProductDefinition,
  RaterPresetsDefinition,
  RaterSampleRisksDefinition,
  RatingTableDefinition,
} from '../definitions/rater-types.ts';
import type { DefinitionFault } from './faults.ts';

type Entry = { definition: Definition; file: string };

/**
 * References among the rater's definitions that their meta-schemas cannot check: a product's
 * questionnaire forms, its coverages (in the catalogue, with a loading in each version of its loading
 * table) and the logical rating tables it names; presets and sample risks naming products and coverages;
 * two versions of a table with one effective date, or of different types.
 */
export function raterReferenceFaults(entries: Entry[]): DefinitionFault[] {
  const faults: DefinitionFault[] = [];
  const of = <T extends Definition>(kind: string) => entries.filter((entry) => entry.definition.kind === kind) as { definition: T; file: string }[];
  const catalogues = of<CoverageCatalogueDefinition>('coverage-catalogue');
  const products = of<ProductDefinition>('product');
  const tables = of<RatingTableDefinition>('rating-table');
  if (!catalogues.length && !products.length && !tables.length) return faults;
  if (catalogues.length > 1) catalogues.slice(1).forEach(({ file }) => faults.push({ file, pointer: '/kind', message: `a second coverage catalogue (the first is ${catalogues[0]!.file})` }));
  const catalogue = catalogues[0]?.definition;
  const coverageIds = new Set(catalogue?.coverages.map((coverage) => coverage.id) ?? []);
  const kinds = new Map(entries.map(({ definition }) => [definition.id, definition.kind]));

  if (catalogue) {
    const seen = new Map<number, number>();
    catalogue.coverages.forEach((coverage, index) => {
      if (seen.has(coverage.id)) faults.push({ file: catalogues[0]!.file, pointer: `/coverages/${index}/id`, message: `coverage id ${coverage.id} is already used at /coverages/${seen.get(coverage.id)}` });
      seen.set(coverage.id, index);
      if (coverage.retroLinked && !coverage.options.includes('retroActivePeriod')) {
        faults.push({ file: catalogues[0]!.file, pointer: `/coverages/${index}/retroLinked`, message: `coverage ${coverage.id} is retro-linked but takes no retroActivePeriod option` });
      }
    });
  }

  const versions = new Map<string, { definition: RatingTableDefinition; file: string }[]>();
  for (const entry of tables) {
    const list = versions.get(entry.definition.table) ?? [];
    const clash = list.find((other) => other.definition.effectiveDate === entry.definition.effectiveDate);
    if (clash) faults.push({ file: entry.file, pointer: '/effectiveDate', message: `${clash.definition.id} is already the version of ${entry.definition.table} effective ${entry.definition.effectiveDate}` });
    const other = list.find((candidate) => candidate.definition.tableType !== entry.definition.tableType);
    if (other) faults.push({ file: entry.file, pointer: '/tableType', message: `${entry.definition.table} is a ${other.definition.tableType} table in ${other.definition.id}` });
    list.push(entry);
    versions.set(entry.definition.table, list);
    if (entry.definition.tableType === 'coverage-loading') {
      entry.definition.rows.forEach((row, index) => {
        if (row.coverage !== undefined && catalogue && !coverageIds.has(row.coverage)) faults.push({ file: entry.file, pointer: `/rows/${index}/coverage`, message: `no coverage ${row.coverage} in the catalogue` });
      });
    }
  }

  const codes = new Map<string, string>();
  for (const { definition: product, file } of products) {
    if (codes.has(product.code)) faults.push({ file, pointer: '/code', message: `product code ${product.code} is already used by ${codes.get(product.code)}` });
    codes.set(product.code, product.id);
    for (const [name, form] of Object.entries(product.questionnaire)) {
      if (kinds.get(form) !== 'form') faults.push({ file, pointer: `/questionnaire/${name}`, message: `no form definition ${form}` });
    }
    for (const [step, table] of Object.entries(product.rating)) {
      if (!versions.has(table)) faults.push({ file, pointer: `/rating/${step}`, message: `no rating table ${table}` });
    }
    if (!product.options.limits.includes(product.options.defaults.limit)) faults.push({ file, pointer: '/options/defaults/limit', message: 'the default limit is not among the limits' });
    if (!product.options.deductibles.includes(product.options.defaults.deductible)) faults.push({ file, pointer: '/options/defaults/deductible', message: 'the default deductible is not among the deductibles' });
    const loadings = versions.get(product.rating.coverageLoading) ?? [];
    product.coverages.forEach((coverage, index) => {
      if (catalogue && !coverageIds.has(coverage.id)) {
        faults.push({ file, pointer: `/coverages/${index}/id`, message: `no coverage ${coverage.id} in the catalogue` });
        return;
      }
      for (const loading of loadings) {
        if (!loading.definition.rows.some((row) => row.coverage === coverage.id)) {
          faults.push({ file, pointer: `/coverages/${index}/id`, message: `coverage ${coverage.id} has no loading in ${loading.definition.id}` });
        }
      }
    });
  }

  for (const { definition, file } of of<RaterPresetsDefinition>('rater-presets')) {
    definition.products.forEach((code, index) => !codes.has(code) && faults.push({ file, pointer: `/products/${index}`, message: `no product ${code}` }));
    const presetLists = [
      { pointer: '/presets', presets: definition.presets },
      ...(definition.industryPresets ?? []).map((entry, index) => ({ pointer: `/industryPresets/${index}/presets`, presets: entry.presets })),
      ...(definition.agencyPresets ?? []).map((entry, index) => ({ pointer: `/agencyPresets/${index}/presets`, presets: entry.presets })),
    ];
    for (const { pointer, presets } of presetLists) {
      presets.forEach((preset, presetIndex) =>
        preset.coverages.forEach((id, index) => {
          if (catalogue && !coverageIds.has(id)) faults.push({ file, pointer: `${pointer}/${presetIndex}/coverages/${index}`, message: `no coverage ${id} in the catalogue` });
        }),
      );
    }
  }

  for (const { definition, file } of of<RaterSampleRisksDefinition>('rater-sample-risks')) {
    definition.risks.forEach((risk, index) => {
      const code = String(risk.input.product);
      if (!codes.has(code)) faults.push({ file, pointer: `/risks/${index}/input/product`, message: `no product ${code}` });
    });
  }
  return faults;
}
