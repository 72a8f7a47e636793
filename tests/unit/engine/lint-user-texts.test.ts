import { describe, expect, it } from 'vitest';
import { lintUserTexts, type FormDefinition, type PageDefinition } from '../../../engine/index.ts';
import { registry } from '../../support/registry.ts';

const form: FormDefinition = {
  id: 'probe',
  kind: 'form',
  version: 1,
  title: 'Probe',
  description: 'Spec 002 section 5: the decline form.',
  notes: 'Spec 002 section 5: staff may cite the spec here.',
  schema: {
    type: 'object',
    properties: {
      reason: { type: 'string', title: 'Reason', description: 'Shown while the submissions view is on' },
      plain: { type: 'string', title: 'Specimen Statement', description: 'A plain question for the user' },
    },
  },
  layout: { sections: [{ id: 'main', description: 'Needs the pro product flag', fields: ['reason', 'plain'] }] },
  rules: [
    { id: 'needs-flag', description: 'See section 4', when: { var: '$context.flags.submissions-view' }, effects: [{ show: ['reason'] }] },
    { id: 'ok', notes: 'Spec 001: kept for staff', when: { var: 'plain' }, effects: [{ message: { field: 'plain', text: 'Set by the operationId createClaim' } }] },
  ],
};

describe('user texts lint', () => {
  it('fails on user-facing texts that cite the spec or talk of flags and the implementation, and passes notes, ids and json-logic', () => {
    expect(lintUserTexts(form).map((fault) => fault.pointer)).toEqual([
      '/description',
      '/schema/properties/reason/description',
      '/layout/sections/0/description',
      '/rules/0/description',
      '/rules/1/effects/0/message/text',
    ]);
    expect(lintUserTexts(form).every((fault) => fault.check === 'staff-words-in-user-text' && fault.severity === 'error')).toBe(true);
  });

  it('reads a page description too', () => {
    const page: PageDefinition = { id: 'p', kind: 'page', version: 1, title: 'P', path: 'p', personas: ['admin'], description: "Follows the spec's route", blocks: [] };
    expect(lintUserTexts(page)).toHaveLength(1);
  });

  it('passes every shipped definition as each edition resolves it', () => {
    const faults = registry.editions().flatMap((edition) => registry.list().flatMap((definition) => lintUserTexts(registry.resolve(definition.id, edition))));
    expect(faults.map((fault) => `${fault.id}#${fault.pointer} ${fault.message}`)).toEqual([]);
  });
});
