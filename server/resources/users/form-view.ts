import type { FastifyRequest } from 'fastify';
import { FormRuntime, phoneDigits } from '../../../engine/index.ts';
import { editionOf } from '../../contract/handlers.ts';
import { publishedForm } from '../../form-check/check-with-definition.ts';
import { ruleContextOfRequest } from '../../form-check/request-rule-context.ts';
import type { Services } from '../../services.ts';

/**
 * The fields a form shows this caller for this data, by the same published definition and rule context the
 * automatic check used. A field the form shows and the body leaves out was cleared; a field it hides was never
 * the caller's to change (a carrier's form has no primary contact), so the stored value stays.
 */
export async function shownFields(services: Services, request: FastifyRequest, formId: string, data: Record<string, unknown>): Promise<Set<string>> {
  const [definition, context] = await Promise.all([
    publishedForm(services.definitions, formId, editionOf(request)),
    ruleContextOfRequest(services, request),
  ]);
  const state = new FormRuntime(definition, context).update(data);
  return new Set(Object.entries(state.fields).filter(([, field]) => field.visible).map(([path]) => path));
}

/**
 * A phone number as stored: its national digits. UK numbers keep their trunk 0 (the spec: 'UK numbers get a
 * leading 0 added'), so 2075550123 and 02075550123 are the same number.
 */
export function storedPhone(phone: string | undefined, edition: 'us' | 'uk'): string | null {
  if (!phone) return null;
  const digits = phoneDigits(phone);
  if (!digits) return null;
  return edition === 'uk' && !digits.startsWith('0') ? `0${digits}` : digits;
}
