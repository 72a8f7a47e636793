import { describe, expect, it } from 'vitest';
import { formatCell, type ListDefinition, type ProductDefinition, type TableDefinition } from '../../../engine/index.ts';
import { registry } from '../../support/registry.ts';

/** A column shows a code when its path ends in one of these names: it needs a list to show the code's label. */
const CODE_FIELD = /(^|\.)(status|product|kind|action|event|nation|preset|\w+Status|\w+Type|accountType)$/;

/**
 * Columns whose code-like field already holds words users read, kept as data with the reason. Anything else
 * named like a code must read through a list (format `list` or `status` with `list`).
 */
const WORDS_ALREADY: Record<string, string> = {
  'agency-accounts#status': "the account's status is stored as words (Open, Quoted, Active Policy)",
  'request-quote-accounts#status': "the account's status is stored as words (Open, Quoted, Active Policy)",
  'billing-transactions#status': 'payment statuses are stored as words (Paid, Failed, Processing)',
  'policy-transactions#status': 'payment statuses are stored as words (Paid, Failed, Processing)',
  'commission-payments#status': 'commission payment statuses are stored as words (Paid, Failed)',
  'outstanding-balances#paymentStatus': 'payment statuses are stored as words (Paid, Partially Paid, Unpaid)',
  'agency-submissions#businessType': 'the business type is stored as words (New Business, Renewal)',
  'commission-statements#lineType': 'the line type is stored as words (New Business, Renewal)',
  'documents#docType': "the column reads docTypeLabel, the document type's label",
  'library-forms#formType': "the form type's name, as the provider's staff wrote it",
  'api-activity#status': 'an HTTP status number (200, 404), read as it is by the developers the API activity is for',
  'webhook-deliveries#responseStatus': "the receiver's HTTP status number, read as it is",
};

describe('codes shown by their labels', () => {
  it('every table column that shows a code field reads it through a list, in both editions', () => {
    const bare: string[] = [];
    for (const edition of registry.editions()) {
      for (const definition of registry.list('table')) {
        const table = registry.resolve<TableDefinition>(definition.id, edition);
        for (const column of table.columns) {
          const key = `${table.id}#${column.id}`;
          if (!CODE_FIELD.test(column.path) || WORDS_ALREADY[key]) continue;
          if (!column.list || !(column.format === 'list' || column.format === 'status')) bare.push(`[${edition}] ${key} (${column.path})`);
          else if (registry.get(column.list)?.kind !== 'list') bare.push(`[${edition}] ${key} names no list ${column.list}`);
        }
      }
    }
    expect(bare).toEqual([]);
  });

  it('the products list names every product by its title', () => {
    const items = (registry.get('products') as ListDefinition).items;
    const products = registry.list('product') as ProductDefinition[];
    expect(Object.fromEntries(items.map((item) => [item.value, item.label]))).toEqual(Object.fromEntries(products.map((product) => [product.code, product.title])));
  });

  it('a star column marks the rows where it holds and leaves the others empty', () => {
    const edition = registry.edition('us');
    expect(formatCell(true, { format: 'star' }, { edition })).toBe('★');
    expect(formatCell(false, { format: 'star' }, { edition })).toBe('');
  });
});
