import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import type { FormDefinition } from '../../../engine/index.ts';
import { formFields } from '../../../renderers/page/form-fields.ts';
import { saveFailure } from '../../../renderers/page/save-failure.ts';
import { fieldErrorsOf } from '../../../renderers/dialog/field-errors.ts';
import { FormSession } from '../../../renderers/form/form-session.ts';
import { registry, TODAY } from '../../support/registry.ts';

const usForm = () => registry.resolve<FormDefinition>('claim', 'us');
const ukForm = () => registry.resolve<FormDefinition>('claim', 'uk');

describe('a refused save', () => {
  it("a 400 naming fields becomes 'Error saving claim' with the messages by field", () => {
    const body = { message: 'Error saving claim', errors: [{ field: 'zipCode', message: 'Invalid ZIP Code', code: 'pattern' }] };
    const error = saveFailure(new ApiError('Invalid ZIP Code', 400, body), 'Error saving claim');
    expect(error.message).toBe('Error saving claim');
    expect(fieldErrorsOf(error)).toEqual([{ field: 'zipCode', message: 'Invalid ZIP Code' }]);
  });

  it("any other failure says 'Error saving claim' and the general rules' message", () => {
    const trouble = saveFailure(new ApiError('Our servers seem to be having trouble. Please try again later.', 503), 'Error saving claim');
    expect(trouble.message).toBe('Error saving claim. Our servers seem to be having trouble. Please try again later.');
    expect(fieldErrorsOf(trouble)).toEqual([]);
    expect(saveFailure(new ApiError('Error saving claim', 400, { message: 'Error saving claim' }), 'Error saving claim').message).toBe('Error saving claim');
    expect(saveFailure(new TypeError('boom'), 'Error saving claim').message).toBe('Error saving claim');
    expect(saveFailure(new ApiError('A filed claim cannot be deleted.', 409), 'Failed to delete claim').message).toBe('Failed to delete claim. A filed claim cannot be deleted.');
  });
});

describe('the body of a save', () => {
  it("keeps only the edition's form fields, without nulls or the claim's record fields", () => {
    const loaded = {
      id: 'c1', claimNumber: null, status: 'UN_FILED', isFiled: false, accountName: 'Acme', name: 'Priya', state: null,
      zipCode: 'IG11 0DS', address3: 'Barking',
    };
    expect(formFields(ukForm(), loaded)).toEqual({ name: 'Priya', zipCode: 'IG11 0DS', address3: 'Barking' });
    expect(formFields(usForm(), { ...loaded, state: 'IL' })).toEqual({ name: 'Priya', zipCode: 'IG11 0DS', state: 'IL' });
  });
});

describe("the server's field messages in a form session", () => {
  it('show under their fields until the field changes; unknown fields are ignored', () => {
    const session = new FormSession(usForm(), { edition: 'us', today: TODAY }, { name: 'Priya', role: 'CTO' });
    expect(session.fieldView('role').errors).toEqual([]);
    session.setServerErrors([{ field: 'role', message: 'Role is a required field' }, { field: 'ghost', message: 'x' }]);
    expect(session.fieldView('role')).toMatchObject({ errors: ['Role is a required field'], invalid: true });
    expect(session.firstServerErrorPath()).toBe('role');
    session.update({ name: 'Priya', role: 'CIO' });
    expect(session.fieldView('role')).toMatchObject({ errors: [], invalid: false });
    expect(session.firstServerErrorPath()).toBeUndefined();
  });

  it("the form's own message wins over the server's for the same field", () => {
    const session = new FormSession(usForm(), { edition: 'us', today: TODAY }, { zipCode: '00000' });
    session.setServerErrors([{ field: 'zipCode', message: 'Server says no' }]);
    expect(session.fieldView('zipCode').errors).toEqual(['Invalid ZIP Code']);
  });
});
