import { WORKFLOW_ERRORS } from '../../../api/error-catalogue.ts';
import { audit } from '../../audit.ts';
import { checkCode, issueCode, type CodeCheck } from '../../auth/one-time-codes.ts';
import { SIGN_IN_MESSAGES, startSession } from '../../auth/sign-in.ts';
import { waitMinutes } from '../../auth/sign-in-guard.ts';
import { lockedFor, recordFailure } from '../../auth/throttle.ts';
import { DAY } from '../../clock.ts';
import { MFA_CODE_TTL_MS, WORKFLOW_CODES_PER_DAY, WORKFLOW_FAILURE_LIMIT } from '../../constants.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Services } from '../../services.ts';
import type { HandlerModule } from '../../contract/handlers.ts';


/** A new code for the same workflow is not sent more often than this. */
export const WORKFLOW_CODE_INTERVAL_MS = 30_000;

export const WORKFLOW_MESSAGES = {
  notFound: 'This link has expired or is not valid. Please ask the sender for a new one.',
  noPhone: 'No phone number is on file for this link. Please have the code sent by email.',
  tooSoon: 'A code was sent a moment ago. Please wait half a minute before asking for another.',
  sentByEmail: 'A verification code has been sent to your email address. It is valid for 5 minutes.',
  sentByText: 'A verification code has been sent to your phone. It is valid for 5 minutes.',
  locked: 'Too many incorrect codes were entered for this link, so it is locked. Please ask for a new code.',
  dailyLimit: 'This link has sent as many codes as it may today. Please try again tomorrow or ask the sender for a new link.',
  addressThrottled: 'Too many incorrect codes from your network. Please try again in {minutes} minutes.',
} as const;

const CODE_FAILURES: Record<Exclude<CodeCheck, 'ok'>, string> = {
  wrong: SIGN_IN_MESSAGES.codeWrong,
  missing: WORKFLOW_ERRORS.notAuthenticated,
  expired: 'The verification code has expired. Please ask for a new code.',
  exhausted: 'Too many incorrect verification codes. Please ask for a new code.',
};

interface WorkflowRow {
  id: string;
  flow: string;
  user_id: string;
  email: string;
  phone: string | null;
  redirect_url: string;
  expires_at: Date;
  failed_attempts: number;
  locked_at: Date | null;
}

/** 'p***@insured.example' */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** '***-***-0101' */
export function maskPhone(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `***-***-${digits.slice(-4)}` : null;
}

async function liveWorkflow(services: Services, id: string): Promise<WorkflowRow> {
  const [row] = await services.db.query<WorkflowRow>(
    'SELECT id, flow, user_id, email, phone, redirect_url, expires_at, failed_attempts, locked_at FROM workflows WHERE id = $1',
    [id],
  );
  if (!row || new Date(row.expires_at).getTime() <= services.clock.now().getTime()) throw notFound(WORKFLOW_MESSAGES.notFound);
  return row;
}

async function sendCode(services: Services, workflow: WorkflowRow, channel: 'email' | 'sms', address: string) {
  const purpose = `wf:${workflow.id}` as const;
  const [recent] = await services.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM one_time_codes WHERE user_id = $1 AND purpose = $2 AND created_at > $3',
    [workflow.user_id, purpose, new Date(services.clock.now().getTime() - WORKFLOW_CODE_INTERVAL_MS)],
  );
  if ((recent?.n ?? 0) > 0) {
    throw new HttpError(429, WORKFLOW_MESSAGES.tooSoon, {}, { 'retry-after': String(WORKFLOW_CODE_INTERVAL_MS / 1000) });
  }
  // Each new code unlocks the workflow, so codes per day bound the guesses: 5 codes x 3 attempts.
  const [today] = await services.db.query<{ n: number; first: Date | null }>(
    'SELECT count(*)::int AS n, min(created_at) AS first FROM one_time_codes WHERE user_id = $1 AND purpose = $2 AND created_at > $3',
    [workflow.user_id, purpose, new Date(services.clock.now().getTime() - DAY)],
  );
  if ((today?.n ?? 0) >= WORKFLOW_CODES_PER_DAY) {
    const waitSeconds = today?.first ? Math.ceil((new Date(today.first).getTime() + DAY - services.clock.now().getTime()) / 1000) : DAY / 1000;
    await audit(services.db, services.clock, { action: 'workflow.code-refused', target: workflow.id, detail: { reason: 'daily-limit' }, address });
    throw new HttpError(429, WORKFLOW_MESSAGES.dailyLimit, {}, { 'retry-after': String(Math.max(1, waitSeconds)) });
  }
  const code = await issueCode(services.db, services.clock, workflow.user_id, purpose);
  // The code goes to the owner only: asking for it is how the owner unlocks a workflow locked by wrong guesses.
  await services.db.query('UPDATE workflows SET failed_attempts = 0, locked_at = NULL WHERE id = $1', [workflow.id]);
  const text = `Your Cyber Console access code is ${code}. It expires in ${MFA_CODE_TTL_MS / 60_000} minutes.`;
  if (channel === 'sms' && workflow.phone) await services.mailer.sendText({ to: workflow.phone, text });
  else await services.mailer.sendMail({ to: workflow.email, subject: 'Your access code', text });
  await audit(services.db, services.clock, { actorUserId: workflow.user_id, action: 'workflow.code-sent', target: workflow.id, detail: { channel }, address });
}

/** One-time-code access for people arriving by e-mail link (spec 000 /validate/{workflowId}). */
export const handlers: HandlerModule = (services) => ({
  async getWorkflow(request) {
    const { id } = request.params;
    const workflow = await liveWorkflow(services, id);
    return { flow: workflow.flow, flowUserPhone: maskPhone(workflow.phone), sendCodeTo: maskEmail(workflow.email) };
  },

  async sendWorkflowCodeByEmail(request) {
    const { id } = request.params;
    await sendCode(services, await liveWorkflow(services, id), 'email', request.ip);
    return { message: WORKFLOW_MESSAGES.sentByEmail };
  },

  async sendWorkflowCodeByText(request) {
    const { id } = request.params;
    const workflow = await liveWorkflow(services, id);
    if (!maskPhone(workflow.phone)) throw new HttpError(400, WORKFLOW_MESSAGES.noPhone);
    await sendCode(services, workflow, 'sms', request.ip);
    return { message: WORKFLOW_MESSAGES.sentByText };
  },

  async exchangeWorkflowCode(request) {
    const { id, code } = request.body;
    const { db, clock } = services;
    const address = request.ip;
    const workflow = await liveWorkflow(services, id);
    const addressWait = await lockedFor(db, clock, 'workflow-address', address);
    if (addressWait > 0) {
      await audit(db, clock, { action: 'workflow.code-refused', target: workflow.id, detail: { reason: 'address-throttled' }, address });
      throw new HttpError(429, WORKFLOW_MESSAGES.addressThrottled.replace('{minutes}', waitMinutes(addressWait)), {}, { 'retry-after': String(addressWait) });
    }
    if (workflow.locked_at) {
      await audit(db, clock, { action: 'workflow.code-refused', target: workflow.id, detail: { reason: 'locked' }, address });
      throw new HttpError(409, WORKFLOW_MESSAGES.locked);
    }
    const check = await checkCode(db, clock, workflow.user_id, `wf:${workflow.id}`, code);
    if (check !== 'ok') {
      const [counted] = await db.query<{ failed_attempts: number }>(
        `UPDATE workflows SET failed_attempts = failed_attempts + 1,
           locked_at = CASE WHEN failed_attempts + 1 >= $2 THEN $3::timestamptz ELSE locked_at END
         WHERE id = $1 RETURNING failed_attempts`,
        [workflow.id, WORKFLOW_FAILURE_LIMIT, clock.now()],
      );
      await recordFailure(db, clock, 'workflow-address', address);
      const lockedNow = (counted?.failed_attempts ?? 0) >= WORKFLOW_FAILURE_LIMIT;
      await audit(db, clock, { action: lockedNow ? 'workflow.locked' : 'workflow.code-refused', target: workflow.id, detail: { reason: check }, address });
      throw new HttpError(lockedNow ? 409 : 401, lockedNow ? WORKFLOW_MESSAGES.locked : CODE_FAILURES[check]);
    }
    await db.query('UPDATE workflows SET failed_attempts = 0 WHERE id = $1', [workflow.id]);
    const [user] = await services.db.query<{ status: string; account_type: string; account_name: string }>(
      `SELECT u.status, a.account_type, a.name AS account_name FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.id = $1`,
      [workflow.user_id],
    );
    if (user?.status !== 'ACTIVE') throw new HttpError(401, WORKFLOW_ERRORS.notAuthenticated);
    const tokens = await startSession(services, workflow.user_id, { workflowId: workflow.id });
    await audit(services.db, services.clock, { actorUserId: workflow.user_id, action: 'workflow.access', target: workflow.id, address: request.ip });
    return { ...tokens, redirectURL: workflow.redirect_url, accountType: user.account_type, accountName: user.account_name };
  },
});
