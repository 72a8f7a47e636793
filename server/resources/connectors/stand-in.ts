import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypedHandlers } from '../../contract/handlers.ts';
import { notFound } from '../../http/http-error.ts';
import type { Services } from '../../services.ts';
import type { OAuthProvider, PostureSource } from './catalogue.ts';
import { STAND_IN_BASE, standInClientSecret, type ConnectorConfig } from './provider-config.ts';
import { refusalPage, signInPage } from './stand-in-page.ts';
import { standInPosture, subjectIdOf } from './stand-in-posture.ts';

/**
 * The local stand-in provider (development and tests; every route answers 404 in production or once a real
 * client is configured for the provider). It behaves as an OAuth 2.0 provider does: it checks the client and
 * its registered redirect URIs, asks the user to approve, returns a single-use code bound to the client and
 * redirect URI, exchanges it for tokens at its token endpoint (client_secret_post), refreshes them, and
 * serves the signed-in directory's security posture to a bearer of its access token. The 'tools' provider
 * plays the gateway of the API-credential tools.
 */

const CODE_TTL_MS = 5 * 60_000;
const ACCESS_TOKEN_TTL_S = 3600;
/** The redirect URIs registered for the console's client: its connector callback page in each area. */
const CALLBACK_PATH = /^\/[a-z]+\/manage\/connectors\/callback$/;

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

type Form = Record<string, string | undefined>;

class Refusal extends Error {}

export function standInHandlers(services: Services, config: ConnectorConfig): TypedHandlers {
  const { db, clock } = services;

  /** The provider this route stands in for; 404 when the stand-in is off for it. */
  function activeOAuth(provider: string): OAuthProvider {
    if (config.production || provider === 'tools' || !config.oauth[provider as OAuthProvider]?.standIn) throw notFound();
    return provider as OAuthProvider;
  }

  /** The checks a provider makes on an authorization request before it shows anything. */
  function checkRequest(request: FastifyRequest, provider: OAuthProvider, fields: { clientId?: string; redirectUri?: string; scope?: string; state?: string }) {
    if (fields.clientId !== config.oauth[provider].clientId) throw new Refusal('The application (client_id) is not registered with this provider.');
    let redirect: URL;
    try {
      redirect = new URL(fields.redirectUri ?? '');
    } catch {
      throw new Refusal('The redirect_uri is not an address.');
    }
    const origins = new Set([`${request.protocol}://${request.host}`, ...(services.config.publicUrlConfigured ? [services.config.publicUrl] : [])]);
    if (!origins.has(redirect.origin) || !CALLBACK_PATH.test(redirect.pathname) || redirect.search || redirect.hash) {
      throw new Refusal('The redirect_uri is not registered for this application.');
    }
    if (!fields.scope?.trim()) throw new Refusal('No scope was asked for.');
    if (!fields.state) throw new Refusal('The request has no state.');
    return redirect;
  }

  function refuse(reply: FastifyReply, error: unknown) {
    if (error instanceof Refusal) return reply.code(400).type('text/html; charset=utf-8').send(refusalPage(error.message));
    throw error;
  }

  async function issueToken(kind: 'access' | 'refresh', row: { provider: string; client_id: string; subject_id: string; subject_name: string; scope: string }) {
    const token = newSecret();
    const now = clock.now();
    await db.query(
      `INSERT INTO connector_stand_in_tokens (token_hash, kind, provider, client_id, subject_id, subject_name, scope, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [hashOf(token), kind, row.provider, row.client_id, row.subject_id, row.subject_name, row.scope, now,
        kind === 'access' ? new Date(now.getTime() + ACCESS_TOKEN_TTL_S * 1000) : null],
    );
    return token;
  }

  const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description, message: description });

  return {
    async standInAuthorize(request, reply) {
      const provider = activeOAuth(request.params.provider);
      const query = request.query;
      try {
        checkRequest(request, provider, { clientId: query.client_id, redirectUri: query.redirect_uri, scope: query.scope, state: query.state });
        if (query.response_type !== 'code') throw new Refusal('Only the authorization code flow (response_type=code) is supported.');
      } catch (error) {
        return refuse(reply, error);
      }
      const scopes = query.scope.split(/\s+/);
      const offline = provider === 'aws' || query.access_type === 'offline' || scopes.includes('offline_access');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(signInPage({
        provider,
        action: `${STAND_IN_BASE}/${provider}/authorize`,
        clientId: query.client_id,
        redirectUri: query.redirect_uri,
        scope: query.scope,
        state: query.state,
        offline,
        selectAccount: query.prompt === 'select_account',
        consent: query.prompt === 'consent',
      }));
    },

    async standInAuthorizeDecision(request, reply) {
      const provider = activeOAuth(request.params.provider);
      const form = request.body as Form;
      let redirect: URL;
      try {
        redirect = checkRequest(request, provider, { clientId: form.client_id, redirectUri: form.redirect_uri, scope: form.scope, state: form.state });
      } catch (error) {
        return refuse(reply, error);
      }
      redirect.searchParams.set('state', form.state!);
      const directory = (form.directory ?? '').trim();
      if (form.decision !== 'approve' || !directory) {
        redirect.searchParams.set('error', 'access_denied');
        return reply.redirect(redirect.toString(), 302);
      }
      const code = newSecret();
      const now = clock.now();
      await db.query(
        `INSERT INTO connector_stand_in_codes (code_hash, provider, client_id, redirect_uri, scope, subject_id, subject_name, offline, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [hashOf(code), provider, form.client_id, form.redirect_uri, form.scope, subjectIdOf(provider, directory), directory, form.offline === 'true',
          now, new Date(now.getTime() + CODE_TTL_MS)],
      );
      redirect.searchParams.set('code', code);
      return reply.redirect(redirect.toString(), 302);
    },

    async standInToken(request, reply) {
      const provider = activeOAuth(request.params.provider);
      const form = request.body as Form;
      const secret = await standInClientSecret(services, provider);
      if (form.client_id !== config.oauth[provider].clientId || !sameText(form.client_secret ?? '', secret)) {
        return oauthError(reply, 401, 'invalid_client', 'The client is not known or its secret is wrong.');
      }
      const now = clock.now();
      if (form.grant_type === 'authorization_code') {
        // Used once: the row is claimed in one statement, so two exchanges of one code cannot both succeed.
        const [grant] = await db.query<{ provider: string; client_id: string; redirect_uri: string; scope: string; subject_id: string; subject_name: string; offline: boolean; expires_at: Date }>(
          `UPDATE connector_stand_in_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL
           RETURNING provider, client_id, redirect_uri, scope, subject_id, subject_name, offline, expires_at`,
          [hashOf(form.code ?? ''), now],
        );
        if (!grant || grant.provider !== provider || grant.client_id !== form.client_id || grant.redirect_uri !== form.redirect_uri || new Date(grant.expires_at) <= now) {
          return oauthError(reply, 400, 'invalid_grant', 'The authorization code is not valid, was used already or has expired.');
        }
        const accessToken = await issueToken('access', grant);
        const refreshToken = grant.offline ? await issueToken('refresh', grant) : undefined;
        return reply.header('cache-control', 'no-store').send({
          access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, scope: grant.scope, ...(refreshToken ? { refresh_token: refreshToken } : {}),
        });
      }
      if (form.grant_type === 'refresh_token') {
        const [held] = await db.query<{ provider: string; client_id: string; subject_id: string; subject_name: string; scope: string }>(
          `SELECT provider, client_id, subject_id, subject_name, scope FROM connector_stand_in_tokens
           WHERE token_hash = $1 AND kind = 'refresh' AND revoked_at IS NULL`,
          [hashOf(form.refresh_token ?? '')],
        );
        if (!held || held.provider !== provider || held.client_id !== form.client_id) {
          return oauthError(reply, 400, 'invalid_grant', 'The refresh token is not valid.');
        }
        const accessToken = await issueToken('access', held);
        return reply.header('cache-control', 'no-store').send({ access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, scope: held.scope });
      }
      return oauthError(reply, 400, 'unsupported_grant_type', 'Only authorization_code and refresh_token grants are supported.');
    },

    async standInPosture(request, reply) {
      const source = request.params.provider as PostureSource;
      if (config.production || (source === 'tools' ? !config.tools.standIn : !config.oauth[source].standIn)) throw notFound();
      const subject = source === 'tools' ? toolSubject(request.headers.authorization) : await tokenSubject(source, request.headers.authorization);
      if (!subject) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'invalid_token', message: 'The credentials were refused.' });
      }
      return reply.header('cache-control', 'no-store').send(standInPosture(source, subject, clock.now()));
    },
  };

  async function tokenSubject(provider: OAuthProvider, authorization: string | undefined) {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    const [row] = await db.query<{ subject_id: string; subject_name: string }>(
      `SELECT subject_id, subject_name FROM connector_stand_in_tokens
       WHERE token_hash = $1 AND kind = 'access' AND provider = $2 AND revoked_at IS NULL AND expires_at > $3`,
      [hashOf(token), provider, clock.now()],
    );
    return row ? { id: row.subject_id, name: row.subject_name } : null;
  }
}

/**
 * The tools' gateway accepts any token, API key or user and password, except those beginning with 'invalid'
 * (a documented way to see a refusal); the subject is named after the user or the token's last characters.
 */
export function toolSubject(authorization: string | undefined): { id: string; name: string } | null {
  const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (bearer) {
    if (bearer.toLowerCase().startsWith('invalid')) return null;
    return { id: subjectIdOf('tools', `token:${bearer}`), name: `API token ending ${bearer.slice(-4)}` };
  }
  const basic = /^Basic (.+)$/i.exec(authorization ?? '')?.[1];
  if (!basic) return null;
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (!password || user.toLowerCase().startsWith('invalid') || password.toLowerCase().startsWith('invalid')) return null;
  return { id: subjectIdOf('tools', `user:${user}`), name: user };
}
