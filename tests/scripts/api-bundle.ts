/**
 * `npm run api:bundle`: writes api/openapi.yaml from api/openapi.base.yaml, api/paths/ and api/schemas/
 * (then `npm run api:types` regenerates the client's types from it). The tests fail while the committed
 * bundle differs from what the parts give.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleContract } from '../../engine/node/contract-bundle.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
writeFileSync(`${root}api/openapi.yaml`, bundleContract(root));
console.log('api/openapi.yaml bundled from api/openapi.base.yaml, api/paths/ and api/schemas/');
