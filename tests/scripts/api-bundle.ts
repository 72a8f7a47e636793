/**
 * `npm run api:bundle`: writes api/openapi.yaml from api/openapi.base.yaml, api/paths/ and api/schemas/, and
 * api/operations.ts and api/public-operations.ts from it (then the client's types are regenerated). The tests fail while the committed
 * bundle differs from what the parts give.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleContract } from '../../engine/node/contract-bundle.ts';
import { operationsModule, publicOperationsModule } from '../../engine/node/operations-module.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const contract = bundleContract(root);
writeFileSync(`${root}api/openapi.yaml`, contract);
writeFileSync(`${root}api/operations.ts`, operationsModule(contract));
writeFileSync(`${root}api/public-operations.ts`, publicOperationsModule(contract));
console.log('api/openapi.yaml bundled from api/openapi.base.yaml, api/paths/ and api/schemas/; api/operations.ts and api/public-operations.ts generated');
