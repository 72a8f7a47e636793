import { expect, test } from 'vitest';
import { isGroupWidget, isSelfLabelledWidget, isWideWidget } from '../../../renderers/form/widget-kinds.ts';
import { WIDGET_DESCRIPTORS, WIDGETS, widgetDescriptor } from '../../../renderers/form/widgets/index.ts';

test.each([
  // name, group, self-labelled, wide
  ['text', false, false, false],
  ['textarea', false, false, true],
  ['TextareaWidget', false, false, true],
  ['radio', true, false, false],
  ['RadioWidget', true, false, false],
  ['checkboxes', true, false, true],
  ['checkbox', false, true, false],
  ['CheckboxWidget', false, true, false],
  ['multiSelect', false, false, true],
  ['money', false, false, false],
] as const)('%s: group %s, self-labelled %s, wide %s', (name, group, self, wide) => {
  expect([isGroupWidget(name), isSelfLabelledWidget(name), isWideWidget(name)]).toEqual([group, self, wide]);
});

test('rjsf registers every widget under our names and rjsf\'s, from the one descriptor map', () => {
  for (const [name, descriptor] of Object.entries(WIDGET_DESCRIPTORS)) expect(WIDGETS[name]).toBe(descriptor.component);
  expect(WIDGETS.UpDownWidget).toBe(WIDGET_DESCRIPTORS.number!.component);
  expect(widgetDescriptor('nothing')).toBeUndefined();
});
