import { quoteDateFaults } from '../../../engine/index.ts';
import { HttpError } from '../../http/http-error.ts';

/**
 * Refuses a quote request whose dates the P250 editor would not let a user choose (spec 002 section 9: the
 * start window and the 6 to 18 month term): a 400 naming each field in the editor's words, so a request made
 * around the editor is held to the same rules. `keptEffectiveDate`: the quote's own date, which terms sent
 * again may keep after it has left the window.
 */
export function refuseDatesOutsideBounds(request: { effectiveDate: string; endDate?: string | null }, today: string, keptEffectiveDate?: string): void {
  const faults = quoteDateFaults(request, today, keptEffectiveDate);
  if (faults.length > 0) throw new HttpError(400, faults[0]!.message, { errors: faults });
}
