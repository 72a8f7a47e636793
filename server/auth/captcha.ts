import { createHash, createHmac } from 'node:crypto';
import { FORGOT_PASSWORD_ERRORS } from '../../api/error-catalogue.ts';
import { leadingZeroBits, proofInput } from '../../engine/index.ts';
import { CAPTCHA_DIFFICULTY_BITS, CAPTCHA_TTL_MS } from '../constants.ts';
import { HttpError } from '../http/http-error.ts';
import type { Services } from '../services.ts';
import { equalHashes, randomToken } from './secure-random.ts';
import { loadServerSecret } from './signing-secret.ts';

/**
 * A self-hosted proof-of-work captcha. The server hands out a random salt with a difficulty and an expiry,
 * signed with an HMAC key kept in the database (so any instance can check it, and nothing is stored until
 * it is redeemed). The browser searches a nonce such that sha256(salt + nonce) starts with `difficulty` zero
 * bits. Checking costs one hash; a redeemed salt is recorded so each challenge works once.
 */

const KEY_NAME = 'captcha-hmac';
const PURPOSE = 'forgot-password';

export interface CaptchaChallenge {
  challenge: string;
  salt: string;
  difficulty: number;
  algorithm: 'SHA-256';
  expiresAt: string;
}

interface ChallengeBody {
  salt: string;
  difficulty: number;
  exp: number;
  purpose: string;
}

async function sign(services: Services, payload: string): Promise<string> {
  const key = await loadServerSecret(services.db, services.clock, KEY_NAME);
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export async function issueChallenge(services: Services, difficulty = CAPTCHA_DIFFICULTY_BITS): Promise<CaptchaChallenge> {
  const expiresAt = new Date(services.clock.now().getTime() + CAPTCHA_TTL_MS);
  const body: ChallengeBody = { salt: randomToken(16), difficulty, exp: expiresAt.getTime(), purpose: PURPOSE };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return {
    challenge: `${payload}.${await sign(services, payload)}`,
    salt: body.salt,
    difficulty,
    algorithm: 'SHA-256',
    expiresAt: expiresAt.toISOString(),
  };
}


/** What the browser does, for tests and tools: the first counter that meets the difficulty. */
export function solveChallenge(salt: string, difficulty: number): string {
  for (let nonce = 0; ; nonce += 1) {
    if (leadingZeroBits(createHash('sha256').update(proofInput(salt, nonce)).digest()) >= difficulty) return String(nonce);
  }
}

function refuse(message: string = FORGOT_PASSWORD_ERRORS.captchaVerify): never {
  throw new HttpError(400, message, { errors: [{ code: 'CAPTCHA', detail: message, field: 'captcha' }] });
}

/**
 * Checks a proof and redeems its challenge, or answers 400 with the catalogue's captcha texts: an expired
 * or already used challenge asks for a page refresh (a new challenge), anything else fails verification.
 */
export async function redeemProof(services: Services, proof: { challenge: string; nonce: string } | null): Promise<void> {
  if (!proof) refuse();
  const [payload, signature] = proof.challenge.split('.');
  if (!payload || !signature || !equalHashes(signature, await sign(services, payload))) refuse();
  let body: ChallengeBody;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ChallengeBody;
  } catch {
    return refuse();
  }
  if (body.purpose !== PURPOSE || typeof body.salt !== 'string' || typeof body.difficulty !== 'number') refuse();
  if (body.exp <= services.clock.now().getTime()) refuse(FORGOT_PASSWORD_ERRORS.captchaRefresh);
  const digest = createHash('sha256').update(proofInput(body.salt, proof.nonce)).digest();
  if (leadingZeroBits(digest) < body.difficulty) refuse();
  const redeemed = await services.db.query(
    'INSERT INTO captcha_redemptions (salt, expires_at) VALUES ($1, $2) ON CONFLICT (salt) DO NOTHING RETURNING salt',
    [body.salt, new Date(body.exp)],
  );
  if (redeemed.length === 0) refuse(FORGOT_PASSWORD_ERRORS.captchaRefresh);
  // Old redemptions are no longer needed once their challenge has expired.
  await services.db.query('DELETE FROM captcha_redemptions WHERE expires_at < $1', [services.clock.now()]);
}
