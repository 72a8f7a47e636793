import { LIST_STALE_MS } from '../session/constants.ts';
import type { RowsPage } from './fetch-all-rows.ts';

interface Held {
  page: RowsPage;
  fetchedAt: number;
}

/**
 * The lists page tables read, fresh for LIST_STALE_MS (spec 001 section 9): going back to a page within a
 * minute shows its list at once without asking the server again. A list belongs to the user and the account
 * the session acts in, so signing in as someone else, switching or entering another account starts afresh;
 * any change made through a page forgets every list, because one change can show in several lists.
 */
export class ListCache {
  private readonly held = new Map<string, Held>();
  private owner: string | null = null;

  constructor(
    private readonly ownerNow: () => string | null,
    private readonly now: () => number = Date.now,
    private readonly staleMs: number = LIST_STALE_MS,
  ) {}

  /** The page held for this operation and query, if it is still fresh and the session's owner has not changed. */
  get(operationId: string, query: Record<string, unknown>): RowsPage | undefined {
    this.checkOwner();
    const held = this.held.get(keyOf(operationId, query));
    if (!held || this.now() - held.fetchedAt >= this.staleMs) return undefined;
    return held.page;
  }

  put(operationId: string, query: Record<string, unknown>, page: RowsPage): void {
    this.checkOwner();
    this.held.set(keyOf(operationId, query), { page, fetchedAt: this.now() });
  }

  /** After a change, or when the session ends: no list read before it is shown again. */
  forgetAll(): void {
    this.held.clear();
  }

  private checkOwner(): void {
    const owner = this.ownerNow();
    if (owner === this.owner) return;
    this.owner = owner;
    this.held.clear();
  }
}

/** Query keys in a fixed order, so two equal queries built in different orders share one entry. */
function keyOf(operationId: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined).sort(([a], [b]) => a.localeCompare(b));
  return `${operationId}?${JSON.stringify(entries)}`;
}
