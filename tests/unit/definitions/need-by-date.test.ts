import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor, TODAY } from '../../support/registry.ts';

describe('need-by-date form', () => {
  it('defaults to 7 days ahead when there is no date', () => {
    expect(runtimeFor('need-by-date').update({ id: 'q-1' }).data.date).toBe('2026-11-29');
  });

  it('keeps an existing date, and takes a quote row needByDate as the existing date', () => {
    expect(runtimeFor('need-by-date').update({ id: 'q-1', date: '2026-12-10' }).data.date).toBe('2026-12-10');
    expect(runtimeFor('need-by-date').update({ id: 'q-1', needByDate: '2026-12-15T00:00:00Z' }).data.date).toBe('2026-12-15');
  });

  it('refuses a date before today and accepts today', () => {
    const runtime = runtimeFor('need-by-date');
    expect(messagesOf(runtime, { id: 'q-1', date: '2026-11-21' }, 'date')).toEqual(['Need by date cannot be before today']);
    expect(messagesOf(runtime, { id: 'q-1', date: TODAY }, 'date')).toEqual([]);
  });

  it('limits the picker to today and binds updateQuoteNeedBy', () => {
    const form = registry.resolve<FormDefinition>('need-by-date', 'us');
    expect((form.uiSchema?.date as Record<string, unknown>)['ui:options']).toEqual({ minDate: 'today' });
    expect(form.binding?.submit).toBe('updateQuoteNeedBy');
    expect(runtimeFor('need-by-date').update(form.sample!).valid).toBe(true);
  });
});
