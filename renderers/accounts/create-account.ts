import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { runNamed } from '../../api/run.ts';
import { run } from '../session/run.ts';
import { toaster } from '../shell/toaster.tsx';
import { usePageContext } from '../page/page-context.ts';

/** The spec's texts of account creation (spec 001 section 8). */
export const ACCOUNT_TEXTS = {
  created: 'Account Created Successfully!',
  serverError: 'Server Error. Please try again',
  unverifiedTitle: 'Unable to verify address',
  unverifiedList: 'The following address fields could not be verified:',
  unverifiedAdmin: 'If the address entered is correct, please confirm by clicking below.',
  unverifiedOthers: 'Please update these fields and try again.',
} as const;

/** The verifier's answer about an address it could not verify. */
export interface Unverified {
  fields: string[];
  names: string[];
  mayConfirm: boolean;
  payload: Record<string, unknown>;
}

/** Why a create failed, for the dialog: a 409 sends the dialog back to searching; field faults go under the fields. */
export interface CreateFailure {
  status: number;
  message: string;
  fieldErrors: Array<{ field: string; message: string }>;
}

type Created = { account: { id: string }; submission: { submissionNumber: string } | null };

function failureOf(error: unknown): CreateFailure {
  if (!isApiError(error)) return { status: 0, message: ACCOUNT_TEXTS.serverError, fieldErrors: [] };
  const body = (error.body ?? {}) as { message?: unknown; errors?: unknown };
  const fieldErrors = Array.isArray(body.errors)
    ? body.errors.filter((item): item is { field: string; message: string } => typeof item?.field === 'string' && typeof item?.message === 'string')
    : [];
  // The server's message where it has one that means something to the user (409, 400, 403); else the spec's text.
  const message = error.status >= 500 || error.status === 0 ? ACCOUNT_TEXTS.serverError : typeof body.message === 'string' ? body.message : error.message;
  return { status: error.status, message, fieldErrors: error.status === 400 ? fieldErrors : [] };
}

/**
 * Adding an account, shared by the new-account dialog and the lookup page: the address is verified first
 * (an address the verifier cannot verify is shown with its fields; a provider admin may confirm it, the
 * server checks that again), then the account is created and the user is taken to the new submission
 * ('/agency/submissions?search={submissionNumber}') or, without one, to the account's page.
 */
export function useCreateAccount() {
  const { areaBase } = usePageContext();
  const navigate = useNavigate();
  const [unverified, setUnverified] = useState<Unverified>();
  const [busy, setBusy] = useState(false);

  const create = useCallback(
    async (payload: Record<string, unknown>): Promise<CreateFailure | undefined> => {
      setBusy(true);
      try {
        const result = (await runNamed(run, 'createAccount', { body: payload })) as Created;
        setUnverified(undefined);
        toaster.create({ type: 'success', title: ACCOUNT_TEXTS.created, closable: true });
        if (result.submission && areaBase === '/agency') navigate(`/agency/submissions?search=${encodeURIComponent(result.submission.submissionNumber)}`);
        else navigate(`${areaBase}/accounts/${result.account.id}`);
        return undefined;
      } catch (error) {
        return failureOf(error);
      } finally {
        setBusy(false);
      }
    },
    [areaBase, navigate],
  );

  /** Verifies the address, then creates; an unverified address stops here and is shown. */
  const add = useCallback(
    async (payload: Record<string, unknown>): Promise<CreateFailure | undefined> => {
      setBusy(true);
      let answer: { verified: boolean; errorFields: string[]; localizedErrorFieldNames: string[]; mayConfirm: boolean };
      try {
        answer = (await runNamed(run, 'verifyAddress', {
          body: Object.fromEntries(['street', 'address2', 'address3', 'city', 'state', 'zipCode'].filter((field) => payload[field] !== undefined).map((field) => [field, payload[field]])),
        })) as typeof answer;
      } catch (error) {
        setBusy(false);
        return failureOf(error);
      }
      if (!answer.verified) {
        setBusy(false);
        setUnverified({ fields: answer.errorFields, names: answer.localizedErrorFieldNames, mayConfirm: answer.mayConfirm, payload });
        return undefined;
      }
      return create(payload);
    },
    [create],
  );

  /** A provider admin's 'the address is correct': created as entered. */
  const confirm = useCallback(() => (unverified ? create({ ...unverified.payload, confirmUnverifiedAddress: true }) : Promise.resolve(undefined)), [create, unverified]);

  return { add, confirm, unverified, dismissUnverified: () => setUnverified(undefined), busy };
}
