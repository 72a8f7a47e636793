import { expect, type Page } from '@playwright/test';
import { callApi } from './call-api.ts';

/**
 * A policy issued through the API by the signed-in agent for one of their client accounts: a P250 quote that
 * comes out Ready, bound with the client's policy holder, then issued. For tests about what follows. Cover
 * starts a week ahead unless `startsInDays` says otherwise (the quote window allows a week back).
 */
export async function issuedPolicyOf(
  page: Page,
  accountId: string,
  contact: { customerFirstName: string; customerLastName: string; customerEmail: string; customerPhone: string },
  startsInDays = 7,
): Promise<{ id: string; policyNumber: string }> {
  const effectiveDate = new Date(Date.now() + startsInDays * 86_400_000).toISOString().slice(0, 10);
  const created = await callApi<{ id: string; status: string }>(page, 'POST', '/api/quote/v1/create', {
    accountId, product: 'P250', preset: 'POPULAR', effectiveDate, aggLimit: 1_000_000, deductible: 25000, waitingPeriod: 12, retroActivePeriod: -1, coverages: {},
  });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  expect(created.data.status, 'the quote comes out Ready').toBe('READY');
  const bound = await callApi(page, 'PUT', `/api/quote/v1/${created.data.id}/bind`, contact);
  expect(bound.status, JSON.stringify(bound.data)).toBe(200);
  const issued = await callApi<{ policy: { id: string; policyNumber: string } }>(page, 'POST', `/api/policy/v1/generate/${created.data.id}`);
  expect(issued.status, JSON.stringify(issued.data)).toBe(200);
  return issued.data.policy;
}
