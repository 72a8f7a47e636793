import { createRun, type Run } from '../../api/run.ts';
import { api } from './api.ts';

/**
 * Contract operations by id over the app's client: `run('getClaim', { params: { claimId } })`. Apart from
 * api.ts so a page that only calls the client (the sign-in page) does not download the contract's
 * operation table that `run` reads.
 */
export const run: Run = createRun(api);
