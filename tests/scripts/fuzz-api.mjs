// `npm run fuzz:api`: the contract fuzz (tests/api/contract-fuzz.test.ts) for longer than CI runs it, with a
// seed of its own, printed first so a failure can be replayed: FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npm run fuzz:api.
import { spawnSync } from 'node:child_process';

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '100';
console.log(`contract fuzz: seed ${seed}, ${runs} requests an operation (replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz:api)`);
const result = spawnSync('npx', ['vitest', 'run', 'tests/api/contract-fuzz.test.ts'], { stdio: 'inherit', env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs } });
process.exit(result.status ?? 1);
