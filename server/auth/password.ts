import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** Argon2 cost. Production uses the library defaults; tests may pass a lower cost to stay fast. */
export interface HashCost {
  memoryCost?: number;
  timeCost?: number;
  parallelism?: number;
}

/** Cheap parameters for tests only (still argon2id). */
export const TEST_HASH_COST: HashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string | null, password: string): Promise<boolean>;
}

// Algorithm is a const enum, which isolatedModules cannot read at run time: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export function createPasswordHasher(cost: HashCost = {}): PasswordHasher {
  const options: Options = { ...cost, algorithm: ARGON2ID };
  let decoy: Promise<string> | null = null;
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      if (!passwordHash) {
        // Unknown user or no password yet: spend the same time as a real check, so timing does not tell.
        decoy ??= hash('decoy-password-for-timing', options);
        await verify(await decoy, password).catch(() => false);
        return false;
      }
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
  };
}
