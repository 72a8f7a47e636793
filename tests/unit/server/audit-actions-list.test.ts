import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ListDefinition } from '../../../engine/index.ts';
import { projectRoot, registry } from '../../support/registry.ts';

/** Every file under a folder of the project, with its text. */
function sources(folder: string): { file: string; text: string }[] {
  return readdirSync(join(projectRoot, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(projectRoot, path)).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [{ file: path, text: readFileSync(join(projectRoot, path), 'utf8') }] : [];
  });
}

/** The actions written by a literal `action: '...'` (or either arm of a conditional) in each audit(...) call of the server. */
function auditActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const { file, text } of sources('server')) {
    for (let at = text.indexOf('audit('); at >= 0; at = text.indexOf('audit(', at + 1)) {
      const argument = /action: ([^,}\n]+)/.exec(text.slice(at, at + 600))?.[1] ?? '';
      for (const [, action] of argument.matchAll(/'([a-z][a-z0-9.-]*)'/g)) found.set(action!, file);
    }
  }
  return found;
}

describe('audit-actions list', () => {
  it('labels every action the server writes to the audit log, so the audit table shows words, not codes', () => {
    const labelled = new Set((registry.get('audit-actions') as ListDefinition).items.map((item) => item.value));
    const actions = auditActions();
    expect(actions.size).toBeGreaterThan(50);
    expect([...actions].filter(([action]) => !labelled.has(action)).map(([action, file]) => `${action} (${file})`)).toEqual([]);
  });
});
