import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { bundleContract } from '../../../engine/node/contract-bundle.ts';
import { operationsModule, publicOperationsModule } from '../../../engine/node/operations-module.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

test('api/openapi.yaml is the bundle of api/openapi.base.yaml, api/paths/ and api/schemas/ (else: npm run api:bundle)', () => {
  expect(readFileSync(`${root}api/openapi.yaml`, 'utf8')).toBe(bundleContract(root));
});

test('api/operations.ts is generated from the bundle (else: npm run api:bundle)', () => {
  expect(readFileSync(`${root}api/operations.ts`, 'utf8')).toBe(operationsModule(readFileSync(`${root}api/openapi.yaml`, 'utf8')));
});

test('api/public-operations.ts is generated from the bundle (else: npm run api:bundle)', () => {
  expect(readFileSync(`${root}api/public-operations.ts`, 'utf8')).toBe(publicOperationsModule(readFileSync(`${root}api/openapi.yaml`, 'utf8')));
});
