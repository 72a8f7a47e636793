import { OPERATIONS } from '../../api/operations.ts';
import { isOperationId } from '../../api/run.ts';
import { evaluateLogicMap, type JsonLogic } from '../../engine/index.ts';
import type { PageScope } from './page-scope.ts';

/** The `{name}` parameters of an operation's path, in order. */
export function pathParameterNames(operationId: string): string[] {
  if (!isOperationId(operationId)) return [];
  return [...OPERATIONS[operationId].path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/**
 * The path parameters for running an operation on a record: the declared json-logic when given, else the
 * convention that an operation with one path parameter (`/claims/{claimId}`) takes the record's key.
 */
export function recordParams(
  operationId: string,
  declared: Record<string, JsonLogic> | undefined,
  scope: PageScope,
  record: Record<string, unknown> | undefined,
  rowKey: string,
): Record<string, unknown> {
  if (declared) return evaluateLogicMap(declared, scope as unknown as Record<string, unknown>);
  const names = pathParameterNames(operationId);
  const key = record?.[rowKey];
  return names.length === 1 && key !== undefined && key !== null ? { [names[0]!]: key } : {};
}
