import { p250RatingInput, type P250State } from '../../engine/index.ts';
import type { components } from '../../api/schema.d.ts';

export type QuoteRequest = components['schemas']['QuoteRequest'];
export type AdditionalInsured = NonNullable<QuoteRequest['additionalInsureds']>[number];
export type EventExclusion = NonNullable<QuoteRequest['eventExclusions']>[number];

/** What the editor keeps beside the rater's state: the TRIA attestation, additional insureds and excluded events. */
export interface QuoteExtras {
  triaExclusionAttested: boolean;
  additionalInsureds: AdditionalInsured[];
  eventExclusions: EventExclusion[];
}

export const NO_EXTRAS: QuoteExtras = { triaExclusionAttested: false, additionalInsureds: [], eventExclusions: [] };

/** The extras of a stored request, for the editor that changes its terms. */
export function extrasOfRequest(request: QuoteRequest): QuoteExtras {
  return {
    triaExclusionAttested: request.triaExclusionAttested === true,
    additionalInsureds: request.additionalInsureds ?? [],
    eventExclusions: request.eventExclusions ?? [],
  };
}

/** The preset a request names: the chosen preset's name (BASIC, POPULAR, ELITE, an industry's or agency's), or CUSTOM. */
export function presetNameOf(state: Pick<P250State, 'global' | 'presets'>): string {
  return state.presets.find((preset) => preset.id === state.global.preset)?.name ?? 'CUSTOM';
}

/**
 * The QuoteRequest of the editor's state (Quote Now, Add to List, the server's rating): the global options,
 * each coverage as the rater reads it with its retroactive date, and the extras. The coverages are exactly
 * the rater's input, so the server rates what the browser showed.
 */
export function quoteRequestOf(state: P250State, accountId: string, extras: QuoteExtras, teamId?: string | null): QuoteRequest {
  const input = p250RatingInput(state);
  const coverages: NonNullable<QuoteRequest['coverages']> = {};
  for (const [id, request] of Object.entries(input.coverages)) {
    const asDate = state.coverages[Number(id)]?.retroActivePeriod?.asDate;
    coverages[id] = { ...request, ...(asDate ? { retroActiveDate: asDate } : {}) };
  }
  return {
    accountId,
    product: state.product,
    preset: presetNameOf(state),
    effectiveDate: state.global.effectiveDate,
    endDate: state.global.endDate,
    aggLimit: state.global.limit,
    deductible: state.global.deductible,
    waitingPeriod: input.waitingPeriod ?? null,
    retroActivePeriod: input.retroActivePeriod ?? null,
    triaExclusionAttested: extras.triaExclusionAttested,
    coverages,
    ...(extras.additionalInsureds.length ? { additionalInsureds: extras.additionalInsureds } : {}),
    ...(extras.eventExclusions.length ? { eventExclusions: extras.eventExclusions } : {}),
    ...(teamId ? { teamId } : {}),
  };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : undefined);

/**
 * An additional insured from the additional-insured form's data: the US form asks naicsCode, the UK one
 * sicCode (and address3, which the request has no place for, so it joins address2).
 */
export function additionalInsuredOf(data: Record<string, unknown>): AdditionalInsured {
  const address2 = [text(data.address2), text(data.address3)].filter(Boolean).join(', ');
  return {
    businessName: text(data.businessName) ?? '',
    address1: text(data.address1) ?? '',
    ...(address2 ? { address2 } : {}),
    city: text(data.city) ?? '',
    ...(text(data.state) ? { state: text(data.state) } : {}),
    zipCode: text(data.zipCode) ?? '',
    ...(text(data.naicsCode ?? data.sicCode) ? { naicsCode: text(data.naicsCode ?? data.sicCode) } : {}),
  };
}

/** An excluded event from the event-exclusion form's data. */
export function eventExclusionOf(data: Record<string, unknown>): EventExclusion {
  return {
    claimNumber: text(data.claimNumber) ?? '',
    claimName: text(data.claimName) ?? '',
    ...(text(data.claimDate) ? { claimDate: text(data.claimDate) } : {}),
    ...(text(data.claimDescription) ? { claimDescription: text(data.claimDescription) } : {}),
  };
}
