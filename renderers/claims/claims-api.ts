/**
 * The claim calls of the contract (createClaim, getClaim, searchClaims, updateClaim, fileClaim, deleteClaim,
 * listClaimAccounts) over the app's one signed-in client. A refused save rejects with a ClaimSaveError,
 * which carries the server's messages by field so the dialog can put them under the fields.
 */
import type { ApiClient } from '../../api/client.ts';
import type { components } from '../../api/schema.d.ts';
import { api } from '../session/api.ts';
import { saveError, type ClaimFields } from './claim-errors.ts';

export type Claim = components['schemas']['Claim'];
export type ClaimSummary = components['schemas']['ClaimSummary'];
export type ClaimAccount = components['schemas']['ClaimAccount'];
export type { ClaimFields } from './claim-errors.ts';

/** The table pages, sorts and searches in the browser; one answer holds every claim it can show. */
export const CLAIMS_FETCH_SIZE = 1000;

let shared: ApiClient = api;

/** Tests may hand over another client. */
export function setClaimsApiClient(client: ApiClient): void {
  shared = client;
}

const byId = (claimId: string) => ({ params: { path: { claimId } } });

export async function searchClaims(signal?: AbortSignal): Promise<ClaimSummary[]> {
  const { data } = await shared.GET('/api/claims/v1/search', {
    params: { query: { page: 0, size: CLAIMS_FETCH_SIZE, sort: 'created,desc' } },
    signal,
  });
  return data!.content;
}

export async function listClaimAccounts(): Promise<ClaimAccount[]> {
  const { data } = await shared.GET('/api/claims/v1/accounts');
  return data!.content;
}

export async function getClaim(claimId: string): Promise<Claim> {
  const { data } = await shared.GET('/api/claims/v1/{claimId}', byId(claimId));
  return data!;
}

export async function createClaim(accountId: string, body: ClaimFields): Promise<Claim> {
  try {
    const { data } = await shared.POST('/api/policy/v1/claim', { params: { query: { accountId } }, body });
    return data!;
  } catch (error) {
    throw saveError(error);
  }
}

export async function updateClaim(claimId: string, body: ClaimFields): Promise<Claim> {
  try {
    const { data } = await shared.PUT('/api/claims/v1/{claimId}', { ...byId(claimId), body });
    return data!;
  } catch (error) {
    throw saveError(error);
  }
}

export async function fileClaim(claimId: string): Promise<Claim> {
  const { data } = await shared.PUT('/api/claims/v1/{claimId}/file', byId(claimId));
  return data!;
}

export async function deleteClaim(claimId: string): Promise<void> {
  await shared.DELETE('/api/claims/v1/{claimId}', byId(claimId));
}
