import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { bundleContract } from '../../../engine/node/contract-bundle.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

test('api/openapi.yaml is the bundle of api/openapi.base.yaml, api/paths/ and api/schemas/ (else: npm run api:bundle)', () => {
  expect(readFileSync(`${root}api/openapi.yaml`, 'utf8')).toBe(bundleContract(root));
});
