import type { components } from '../../api/schema.d.ts';
import { WORKFLOW_ERRORS } from '../../api/error-catalogue.ts';
import { audit } from '../audit.ts';
import { checkCode, issueCode, type CodeCheck } from '../auth/one-time-codes.ts';
import { SIGN_IN_MESSAGES, startSession } from '../auth/sign-in.ts';
import { MFA_CODE_TTL_MS } from '../constants.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import type { Services } from '../services.ts';
import type { HandlerModule } from './handler.ts';

type WorkflowCodeRequest = components['schemas']['WorkflowCodeRequest'];

/** A new code for the same workflow is not sent more often than this. */
export const WORKFLOW_CODE_INTERVAL_MS = 30_000;

export const WORKFLOW_MESSAGES = {
  notFound: 'This link has expired or is not valid. Please ask the sender for a new one.',
  noPhone: 'No phone number is on file for this link. Please have the code sent by email.',
  tooSoon: 'A code was sent a moment ago. Please wait half a minute before asking for another.',
  sentByEmail: 'A verification code has been sent to your email address. It is valid for 5 minutes.',
  sentByText: 'A verification code has been sent to your phone. It is valid for 5 minutes.',
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
    'SELECT id, flow, user_id, email, phone, redirect_url, expires_at FROM workflows WHERE id = $1',
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
  const code = await issueCode(services.db, services.clock, workflow.user_id, purpose);
  const text = `Your Cyber Console access code is ${code}. It expires in ${MFA_CODE_TTL_MS / 60_000} minutes.`;
  if (channel === 'sms' && workflow.phone) await services.mailer.sendText({ to: workflow.phone, text });
  else await services.mailer.sendMail({ to: workflow.email, subject: 'Your access code', text });
  await audit(services.db, services.clock, { actorUserId: workflow.user_id, action: 'workflow.code-sent', target: workflow.id, detail: { channel }, address });
}

/** One-time-code access for people arriving by e-mail link (spec 000 /validate/{workflowId}). */
export const workflowHandlers: HandlerModule = (services) => ({
  async getWorkflow(request) {
    const { id } = request.params as { id: string };
    const workflow = await liveWorkflow(services, id);
    return { flow: workflow.flow, flowUserPhone: maskPhone(workflow.phone), sendCodeTo: maskEmail(workflow.email) };
  },

  async sendWorkflowCodeByEmail(request) {
    const { id } = request.params as { id: string };
    await sendCode(services, await liveWorkflow(services, id), 'email', request.ip);
    return { message: WORKFLOW_MESSAGES.sentByEmail };
  },

  async sendWorkflowCodeByText(request) {
    const { id } = request.params as { id: string };
    const workflow = await liveWorkflow(services, id);
    if (!maskPhone(workflow.phone)) throw new HttpError(400, WORKFLOW_MESSAGES.noPhone);
    await sendCode(services, workflow, 'sms', request.ip);
    return { message: WORKFLOW_MESSAGES.sentByText };
  },

  async exchangeWorkflowCode(request) {
    const { id, code } = request.body as WorkflowCodeRequest;
    const workflow = await liveWorkflow(services, id);
    const check = await checkCode(services.db, services.clock, workflow.user_id, `wf:${workflow.id}`, code);
    if (check !== 'ok') {
      await audit(services.db, services.clock, { action: 'workflow.code-refused', target: workflow.id, detail: { reason: check }, address: request.ip });
      throw new HttpError(401, CODE_FAILURES[check]);
    }
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
