import type { Credentials, OAuthCredentials } from './credential-vault.ts';
import type { Posture, PostureAction } from './stand-in-posture.ts';

/**
 * The console's side of a provider: the OAuth token endpoint (authorization code and refresh grants, client
 * secret in the form post, RFC 6749 sections 4.1.3 and 6) and the posture endpoint that reports a directory's
 * or a tool's score, history and actions. Plain HTTP, whether the provider is real or the local stand-in.
 */

const TIMEOUT_MS = 10_000;

/** The provider refused (wrong credentials, a used or expired code) or could not be reached or understood. */
export class ProviderError extends Error {
  constructor(readonly kind: 'refused' | 'unavailable', message: string) {
    super(message);
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    throw new ProviderError('unavailable', `The provider could not be reached (${error instanceof Error ? error.message : String(error)})`);
  }
}

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
  error_description?: unknown;
}

async function tokenRequest(tokenUrl: string, form: Record<string, string>, now: Date, previousRefresh: string | null): Promise<OAuthCredentials> {
  const response = await send(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (!response.ok || typeof answer.access_token !== 'string') {
    const reason = typeof answer.error_description === 'string' ? answer.error_description : typeof answer.error === 'string' ? answer.error : `status ${response.status}`;
    throw new ProviderError(response.status >= 500 ? 'unavailable' : 'refused', `The provider refused the token request: ${reason}`);
  }
  const expiresIn = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 3600;
  return {
    kind: 'oauth',
    accessToken: answer.access_token,
    refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : previousRefresh,
    expiresAt: new Date(now.getTime() + expiresIn * 1000).toISOString(),
    scope: typeof answer.scope === 'string' ? answer.scope : form.scope ?? '',
  };
}

export function exchangeCode(
  tokenUrl: string,
  client: { clientId: string; clientSecret: string },
  code: string,
  redirectUri: string,
  now: Date,
): Promise<OAuthCredentials> {
  return tokenRequest(tokenUrl, {
    grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: client.clientId, client_secret: client.clientSecret,
  }, now, null);
}

export function refreshAccess(tokenUrl: string, client: { clientId: string; clientSecret: string }, refreshToken: string, now: Date): Promise<OAuthCredentials> {
  return tokenRequest(tokenUrl, {
    grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId, client_secret: client.clientSecret,
  }, now, refreshToken);
}

function authorizationOf(credentials: Credentials): string {
  switch (credentials.kind) {
    case 'oauth':
      return `Bearer ${credentials.accessToken}`;
    case 'token':
      return `Bearer ${credentials.token}`;
    case 'apiKey':
      return `Bearer ${credentials.apiKey}`;
    case 'userPassword':
      return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  }
}

export async function fetchPosture(postureUrl: string, credentials: Credentials, connectorType: string): Promise<Posture> {
  const response = await send(postureUrl, {
    headers: { authorization: authorizationOf(credentials), accept: 'application/json', 'x-connector-type': connectorType },
  });
  if (response.status === 401 || response.status === 403) throw new ProviderError('refused', 'The provider refused the credentials.');
  if (!response.ok) throw new ProviderError('unavailable', `The provider answered status ${response.status}.`);
  const posture = postureOf(await response.json().catch(() => null));
  if (!posture) throw new ProviderError('unavailable', 'The provider answered something that is not a security posture.');
  return posture;
}

const SEVERITIES = new Set(['HIGH', 'MEDIUM', 'LOW']);
const STATUSES = new Set(['TO_DO', 'IN_PROGRESS', 'COMPLETED']);
const isText = (value: unknown, max = 2000): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;
const isScore = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 1e7;

/** A provider's answer checked field by field: nothing unchecked reaches the database. */
export function postureOf(value: unknown): Posture | null {
  if (!value || typeof value !== 'object') return null;
  const { subject, score, history, actions } = value as Record<string, unknown>;
  const s = subject as Record<string, unknown> | undefined;
  const sc = score as Record<string, unknown> | undefined;
  if (!s || !isText(s.id, 200) || !isText(s.name, 200)) return null;
  if (!sc || !isScore(sc.current) || !isScore(sc.max) || sc.max === 0 || !isText(sc.measuredAt, 40) || Number.isNaN(Date.parse(sc.measuredAt))) return null;
  if (!Array.isArray(history) || history.length > 1000 || !Array.isArray(actions) || actions.length > 1000) return null;
  const points = history.map((point: Record<string, unknown>) => (point && isText(point.date, 10) && /^\d{4}-\d{2}-\d{2}$/.test(point.date) && isScore(point.score) ? { date: point.date, score: point.score } : null));
  const items = actions.map((action: Record<string, unknown>): PostureAction | null =>
    action && isText(action.id, 200) && isText(action.title, 500) && typeof action.description === 'string' && action.description.length <= 4000
      && isText(action.category, 100) && SEVERITIES.has(String(action.severity)) && STATUSES.has(String(action.status)) && isScore(action.scoreImpact)
      && typeof action.shortlisted === 'boolean'
      ? {
        id: action.id, title: action.title, description: action.description, category: action.category,
        severity: action.severity as PostureAction['severity'], status: action.status as PostureAction['status'],
        scoreImpact: action.scoreImpact, shortlisted: action.shortlisted,
      }
      : null,
  );
  if (points.some((point) => point === null) || items.some((item) => item === null)) return null;
  return {
    subject: { id: s.id, name: s.name },
    score: { current: sc.current, max: sc.max, measuredAt: sc.measuredAt },
    history: points as Posture['history'],
    actions: items as PostureAction[],
  };
}
