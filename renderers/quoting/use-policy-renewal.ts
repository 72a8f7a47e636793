import type { components } from '../../api/schema.d.ts';
import { run } from '../session/run.ts';
import { useAnswer, type Answer } from './use-answer.ts';

export type PolicyRenewal = components['schemas']['PolicyRenewal'];

/** A policy's renewal as it would be made now, with the cover it starts from (getPolicyRenewal). */
export function usePolicyRenewal(policyId: string): Answer<PolicyRenewal> {
  return useAnswer(policyId, (signal) => run('getPolicyRenewal', { params: { id: policyId }, signal }));
}
