import type { FormDefinition, PageAction, PageDefinition, TableDefinition } from '../definitions/types.ts';
import { blocksOf } from '../pages/page-blocks.ts';
import { isPageComponent } from '../pages/page-components.ts';
import { isNavGroup, NAV_GROUPS } from '../pages/nav-groups.ts';
import type { ContractOperations } from './lint-contract.ts';
import { severityOf, type LintFault } from './lint-fault.ts';

/** Looks up the edition's resolved table and form definitions a page names (undefined when missing or of another kind). */
export interface PageLookups {
  table: (id: string) => TableDefinition | undefined;
  form: (id: string) => FormDefinition | undefined;
}

/**
 * Checks that what a page names can be carried out: every operation is in the contract, every dialog's
 * form has the binding its use needs (see dialogOperations), every component is registered, and tab
 * ids are unique, and its navigation entry names a known group. Missing tables and forms are load faults already (registry cross-references).
 */
export function lintPage(page: PageDefinition, lookups: PageLookups, operations?: ContractOperations): LintFault[] {
  const faults: LintFault[] = [];
  const fault = (pointer: string, message: string, check: LintFault['check']) => faults.push({ id: page.id, pointer, message, check, severity: severityOf(check) });
  const operation = (pointer: string, operationId: string | undefined) => {
    if (operationId && operations && !operations[operationId]) fault(pointer, `operation ${operationId} is not in the API contract`, 'unknown-operation');
  };
  const dialog = (pointer: string, action: PageAction, use: 'create' | 'row') => {
    if (!action.dialog) return;
    const form = lookups.form(action.dialog);
    if (!form) return;
    for (const role of dialogOperations(form, use)) {
      if (!form.binding?.[role]) fault(`${pointer}/dialog`, `${action.dialog} has no binding.${role}, which this dialog runs`, 'dialog-without-binding');
      else operation(`${pointer}/dialog`, form.binding[role]);
    }
  };
  const actionChecks = (pointer: string, action: PageAction, use: 'create' | 'row') => {
    operation(`${pointer}/operation`, action.operation);
    operation(`${pointer}/choose/operation`, action.choose?.operation);
    dialog(pointer, action, use);
  };

  if (page.nav?.group !== undefined && !isNavGroup(page.nav.group)) {
    fault('/nav/group', `no navigation group ${page.nav.group} (one of ${NAV_GROUPS.map((group) => group.id).join(', ')})`, 'unknown-nav-group');
  }
  for (const { block, pointer } of blocksOf(page)) {
    if (block.type === 'table') {
      const table = lookups.table(block.table);
      if (table) {
        // A block that gives the rows itself (`rows`: a list its record carries) needs no operation.
        if (!table.operation && block.rows === undefined) fault(`${pointer}/table`, `${block.table} names no operation to read its rows from`, 'table-without-operation');
        table.rowActions?.forEach((action, index) => actionChecks(`${pointer}/table(${block.table})/rowActions/${index}`, action, 'row'));
        table.bulkActions?.forEach((action, index) => actionChecks(`${pointer}/table(${block.table})/bulkActions/${index}`, action, 'row'));
      }
      block.actions?.forEach((action, index) => actionChecks(`${pointer}/actions/${index}`, action, 'create'));
    }
    if (block.type === 'detail') {
      const form = lookups.form(block.form);
      if (form && !form.binding?.load) fault(`${pointer}/form`, `${block.form} has no binding.load to read the record with`, 'dialog-without-binding');
      if (form && block.editable && !form.binding?.update) fault(`${pointer}/editable`, `${block.form} has no binding.update to save the record with`, 'dialog-without-binding');
      operation(`${pointer}/form`, form?.binding?.load);
      // A detail's actions act on its record, as a row action does on its row.
      block.actions?.forEach((action, index) => actionChecks(`${pointer}/actions/${index}`, action, 'row'));
    }
    if (block.type === 'component' && !isPageComponent(block.component)) {
      fault(`${pointer}/component`, `no registered component ${block.component}`, 'unknown-component');
    }
    if (block.type === 'tabs') {
      const seen = new Set<string>();
      block.tabs.forEach((tab, index) => {
        if (seen.has(tab.id)) fault(`${pointer}/tabs/${index}/id`, `tab ${tab.id} is listed twice`, 'duplicate-tab');
        seen.add(tab.id);
      });
    }
  }
  return faults;
}

/**
 * The bindings a dialog runs: from a toolbar it creates (binding.submit); on a row, a form that loads a
 * record edits it (binding.load, then binding.update), and any other form sends something about the row
 * (binding.submit, with the row's key as its path parameter).
 */
export function dialogOperations(form: FormDefinition, use: 'create' | 'row'): ('load' | 'update' | 'submit')[] {
  if (use === 'create') return ['submit'];
  return form.binding?.load ? ['load', 'update'] : ['submit'];
}
