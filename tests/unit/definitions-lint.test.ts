import { describe, expect, it } from 'vitest';
import { lintRegistry, type LintFault } from '../../engine/index.ts';
import { readContractOperations } from '../../engine/node/contract-operations.ts';
import { projectRoot, registry } from '../support/registry.ts';

const describeFault = (fault: LintFault) => `${fault.id}#${fault.pointer} [${fault.check}] ${fault.message}`;

/**
 * The one lint, with the API contract, over every shipped definition: errors fail the suite; warnings (a
 * binding to an operation api/openapi.yaml does not describe yet) are listed in the test name and logged.
 */
const faults = lintRegistry(registry, readContractOperations(projectRoot));
const errors = faults.filter((fault) => fault.severity === 'error');
const warnings = faults.filter((fault) => fault.severity === 'warning');

describe('shipped definitions', () => {
  it(`pass the definition lint with the API contract (rules, messages and layouts name real fields; every term exists in every edition; bound operations accept the forms and tables) - ${warnings.length} warning(s)`, () => {
    if (warnings.length) console.warn(`Definition lint warnings:\n${warnings.map(describeFault).join('\n')}`);
    expect(errors.map(describeFault)).toEqual([]);
  });
});
