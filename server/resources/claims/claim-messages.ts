import {
  DefinitionError,
  FormRuntime,
  fieldPathsOf,
  personaOfAccountType,
  type EditionId,
  type FormDefinition,
  type RuleContext,
} from '../../../engine/index.ts';
import { CLAIM_ERRORS } from '../../../api/error-catalogue.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import type { DefinitionService } from '../../definitions/definition-service.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';

/** The definition a claim is checked against (definitions/forms/claim.json, with the edition's overlay). */
export const CLAIM_DEFINITION_ID = 'claim';

/** Spec 001 section 8: the claim form's failure text. */
export const CLAIM_MESSAGES = {
  saveFailed: CLAIM_ERRORS.save,
  deleteFailed: CLAIM_ERRORS.delete,
  notFound: 'Claim not found.',
  accountNotFound: 'Account not found.',
  filedCannotBeDeleted: 'A filed claim cannot be deleted.',
  alreadyFiled: 'This claim has already been filed.',
  definitionUnavailable: 'The claim form could not be loaded. Please contact support.',
} as const;


/** One field's fault, in the definition's words. */
export interface ClaimFieldError {
  field: string;
  message: string;
  code: string;
}

export type ClaimValidation =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; errors: ClaimFieldError[] };

/** The user's today: in the time zone the client names (X-Timezone), else UTC. */
export function todayIn(clock: Clock, timeZone: string | undefined): string {
  const now = clock.now();
  if (timeZone) {
    try {
      // en-CA formats as YYYY-MM-DD.
      return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    } catch {
      // An unknown zone name: fall through to UTC.
    }
  }
  return now.toISOString().slice(0, 10);
}

/** Feature flags of an edition, as rules read them from `$context.flags`. */
export async function flagsFor(db: Queryable, edition: EditionId): Promise<Record<string, boolean>> {
  const rows = await db.query<{ key: string; enabled: boolean }>(
    'SELECT key, enabled FROM feature_flags WHERE edition IS NULL OR edition = $1',
    [edition],
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.enabled]));
}

export function ruleContextFor(caller: Caller, edition: EditionId, today: string, flags: Record<string, boolean>): RuleContext {
  return { edition, persona: personaOfAccountType(caller.accountType)?.id, role: caller.roleId, flags, today };
}

/**
 * The claim definition as the request's edition sees it now: the file with the newest published version
 * applied. Read through the definition service on every call, so a publish takes effect on the next request.
 */
export async function claimDefinition(definitions: DefinitionService, edition: EditionId): Promise<FormDefinition> {
  const state = await definitions.current();
  try {
    return state.registry().resolve<FormDefinition>(CLAIM_DEFINITION_ID, edition);
  } catch (error) {
    // Only when a deploy changed a file under a published version: say so rather than accept unchecked data.
    if (error instanceof DefinitionError) throw new HttpError(500, CLAIM_MESSAGES.definitionUnavailable);
    throw error;
  }
}

/**
 * Checks a claim's data with the same runtime the browser runs: the definition's schema, its rules (with
 * the caller's persona, the edition, flags and today in the context) and its messages. What is stored is
 * the runtime's payload: fields the rules hide are dropped, and so are fields the edition's form does not
 * have (a US `state` sent to the UK edition). `null` counts as a field left out.
 */
export function validateClaim(definition: FormDefinition, context: RuleContext, body: Record<string, unknown>): ClaimValidation {
  const known = new Set(fieldPathsOf(definition.schema).map((path) => path.split('.')[0]!));
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined || !known.has(key)) continue;
    input[key] = typeof value === 'string' ? value.trim() : value;
  }
  const runtime = new FormRuntime(definition, context);
  const state = runtime.update(input);
  if (!state.valid) {
    const errors = Object.entries(state.errors).flatMap(([field, faults]) =>
      faults.map((fault) => ({ field, message: fault.message, code: fault.keyword })),
    );
    return { ok: false, errors: orderByForm(definition, errors) };
  }
  const payload = runtime.payload(state);
  // Empty answers are stored as absent, so a column never holds '' for "not given".
  const data = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined && value !== ''));
  return { ok: true, data };
}

/** Errors in the order the form shows its fields, so the first message is the first field to fix. */
function orderByForm(definition: FormDefinition, errors: ClaimFieldError[]): ClaimFieldError[] {
  const order = [...(definition.layout?.sections ?? []).flatMap((section) => section.fields), ...fieldPathsOf(definition.schema)];
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  return [...errors].sort((a, b) => rank(a.field) - rank(b.field));
}

/** The 400 answer for a refused claim: 'Error saving claim' with every field's message. */
export function claimRefused(errors: ClaimFieldError[]): HttpError {
  return new HttpError(400, CLAIM_MESSAGES.saveFailed, { errors });
}
