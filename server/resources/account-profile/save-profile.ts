import { audit } from '../../audit.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Clock } from '../../clock.ts';
import type { Caller } from '../../services.ts';
import type { Edition } from '../accounts/address-rules.ts';
import { applyAccountChangeToQuotes, changedRatingFields, type QuoteEffects } from '../accounts/quote-effects.ts';
import { checkDomains } from './domain-check.ts';
import { PROFILE_TEXTS } from './profile-texts.ts';
import { refuseTwin, withStoredCodes, writeProfile } from './profile-store.ts';
import { changedValues, ratingShapeOf, savedValuesOf, storedValuesOf } from './profile-values.ts';
import { profileRowOf } from './repository.ts';

/** The pro product (Prime 100 Pro): the account form shows and requires its extras (spec 002 section 5). */
export const PRO_PRODUCT = 'P100_PRO';

/** 400 with the field's message, as the form shows it under the field. */
function refusedField(field: string, message: string): HttpError {
  return new HttpError(400, PROFILE_TEXTS.updateFailed, { errors: [{ field, message, code: 'server' }] });
}

/** The domain fields checked as the page checks them as they are typed; the first fault refuses the save. */
export async function refuseBadDomains(db: Queryable, body: Readonly<Record<string, unknown>>, shown: ReadonlySet<string>): Promise<void> {
  for (const field of ['domainName', 'domains'] as const) {
    if (!shown.has(field)) continue;
    const check = await checkDomains(db, typeof body[field] === 'string' ? body[field] : null, { single: field === 'domainName' });
    if (!check.valid) throw refusedField(field, check.message!);
  }
}

export interface ProfileSave {
  caller: Caller;
  accountId: string;
  edition: Edition;
  /** The body as the account-profile form checked it, and the fields it showed. */
  body: Readonly<Record<string, unknown>>;
  shown: ReadonlySet<string>;
  address: string | null;
  /** The product the profile was edited for (the pro product's extras), for the audit entry. */
  product: string | null;
  /** The quote the details are saved through (spec 002 section 4: quote mode patches the quote): it is re-rated by the caller, not referred or invalidated. */
  patchedQuoteId?: string;
}

/**
 * Saves an account's profile inside the caller's transaction: the clearing rules of spec 002 section 4,
 * the agent's verification reset (writeProfile), the change carried out on the account's open quotes,
 * and its audit entry. The account page saves this way directly; the review page through its quote.
 */
export async function saveAccountProfile(tx: Queryable, clock: Clock, save: ProfileSave): Promise<{ effects: QuoteEffects; ratingFieldsChanged: string[] }> {
  const row = await profileRowOf(tx, save.accountId, true);
  const before = storedValuesOf(row);
  const after = await withStoredCodes(tx, save.edition, savedValuesOf(before, save.body, save.shown, save.edition));
  await refuseTwin(tx, row, after);
  const changedRating = changedRatingFields(ratingShapeOf(before), ratingShapeOf(after));
  const at = clock.now();
  await writeProfile(tx, row, after, { userId: save.caller.userId, at });
  const effects = await applyAccountChangeToQuotes(tx, save.accountId, { changed: changedRating, userId: save.caller.userId, at, except: save.patchedQuoteId });
  await audit(tx, clock, {
    actorUserId: save.caller.userId, action: 'account.profile.update', target: save.accountId, address: save.address,
    detail: {
      changed: changedValues(before, after), ratingFieldsChanged: changedRating, product: save.product,
      quotesInvalidated: effects.invalidated, quotesReferred: effects.referred, ...(save.patchedQuoteId ? { throughQuote: save.patchedQuoteId } : {}),
    },
  });
  return { effects, ratingFieldsChanged: changedRating };
}
