import { OPERATIONS } from '../../api/operations.ts';
import { isOperationId } from '../../api/run.ts';
import { dialogOperations, type FormDefinition, type PageAction } from '../../engine/index.ts';

/**
 * Whether the user may run an operation: the contract has it and the user holds its `x-permission`.
 * The server checks the same again; this only keeps the screen from offering what would be refused.
 */
export function mayRun(operationId: string | undefined, permissions: ReadonlySet<string>): boolean {
  if (!operationId) return true;
  if (!isOperationId(operationId)) return false;
  const needed = OPERATIONS[operationId].permission;
  return !needed || permissions.has(needed);
}

/** Whether an action is offered: its own permissions, and every operation it would run. */
export function actionOffered(action: PageAction, use: 'create' | 'row', form: FormDefinition | undefined, permissions: ReadonlySet<string>): boolean {
  if (action.permission && !action.permission.every((permission) => permissions.has(permission))) return false;
  const dialogRuns = form ? dialogOperations(form, use).map((role) => form.binding?.[role]) : [];
  if (form && dialogRuns.some((operationId) => !operationId)) return false;
  return [action.operation, action.choose?.operation, ...dialogRuns].every((operationId) => mayRun(operationId, permissions));
}
