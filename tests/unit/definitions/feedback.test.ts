import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const KUDOS = 'Give Kudos to the team';

describe('feedback form', () => {
  it('sends with Send, disabled until the form changes', () => {
    const form = registry.resolve<FormDefinition>('feedback', 'us');
    expect(form.actions).toMatchObject({ submitLabel: 'Send', disableUntilDirty: true });
    expect(form.binding?.submit).toBe('createFeedback');
    expect(runtimeFor('feedback').update(form.sample!).valid).toBe(true);
  });

  it("offers the categories, sending 'Report a high priority issue' for 'Report an issue'", () => {
    const form = registry.resolve<FormDefinition>('feedback', 'us');
    const options = (form.schema.properties as Record<string, { oneOf: { const: string; title: string }[] }>).category!.oneOf;
    expect(options.map((option) => option.title)).toEqual(['General Feedback', KUDOS, 'Report an issue', 'Have a question', 'Other']);
    expect(options.find((option) => option.title === 'Report an issue')?.const).toBe('Report a high priority issue');
  });

  it('requires the category and the description', () => {
    const state = runtimeFor('feedback').update({});
    expect(state.errors.category?.[0]?.message).toBe('Category is a required field');
    expect(state.errors.feedbackText?.[0]?.message).toBe('Description is required');
  });

  it('limits the description to 500 characters', () => {
    const runtime = runtimeFor('feedback');
    expect(messagesOf(runtime, { category: 'Other', feedbackText: 'x'.repeat(501) }, 'feedbackText')).toEqual(['Must be 500 characters or less']);
    expect(messagesOf(runtime, { category: 'Other', feedbackText: 'x'.repeat(500) }, 'feedbackText')).toEqual([]);
  });

  it('asks permission to share only for kudos, defaulting to No', () => {
    const runtime = runtimeFor('feedback');
    const kudos = runtime.update({ category: KUDOS, feedbackText: 'Great work' });
    expect(kudos.fields.permissionToShare?.visible).toBe(true);
    expect(kudos.data.permissionToShare).toBe(false);
    expect(runtime.update({ ...kudos.data, permissionToShare: true }).data.permissionToShare).toBe(true);
    const other = runtime.update({ category: 'Have a question', feedbackText: 'How?', permissionToShare: true });
    expect(other.fields.permissionToShare?.visible).toBe(false);
    expect(runtime.payload(other)).not.toHaveProperty('permissionToShare');
  });
});
