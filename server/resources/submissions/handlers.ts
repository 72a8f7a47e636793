import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { searchVisibleSubmissions } from './repository.ts';

/** Submissions (spec 001 section 2 '/agency/submissions?search={submissionNumber}'); they are made with an account (accounts/handlers.ts). */
export const handlers: HandlerModule = ({ db }) => ({
  async searchSubmissions(request) {
    return searchVisibleSubmissions(db, callerOf(request), request.query);
  },
});
