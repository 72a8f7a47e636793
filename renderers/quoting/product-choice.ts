import type { Edition, RaterDefinitions } from '../../engine/index.ts';

/** The products an edition quotes here: those of its product list the rater offers, in the edition's order. */
export function quotableProducts(edition: Pick<Edition, 'products'>, rater: Pick<RaterDefinitions, 'products'>): Array<{ code: string; name: string }> {
  return (edition.products ?? []).filter((product) => rater.products.has(product.code));
}

/** The product to quote: the route's when the edition offers it, else the edition's first (a UK link to P250 opens Prime One). */
export function productToQuote(wanted: string | undefined, offered: ReadonlyArray<{ code: string }>): string | undefined {
  return offered.find((product) => product.code === wanted)?.code ?? offered[0]?.code;
}
