import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { lintFormContract, type FormDefinition } from '../../../engine/index.ts';
import { FormSession } from '../../../renderers/form/form-session.ts';
import { saveFailure, withDetail } from '../../../renderers/page/save-failure.ts';
import { registry, TODAY } from '../../support/registry.ts';

/**
 * The small platform pieces the licence dialogs rely on: a failure text that places the server's message
 * ('{message}', the licence delete's "status text"), and a form session that takes values set from outside
 * rjsf (a lookup filling in the chosen agent's details) and hands them back to the form.
 */
describe('failure texts', () => {
  it("'{message}' shows the server's answer itself; other texts are followed by it", () => {
    expect(withDetail('{message}', 'License not found.')).toBe('License not found.');
    expect(withDetail('Failed to delete domain: {message}', 'Domain in use')).toBe('Failed to delete domain: Domain in use');
    expect(withDetail('{message}', undefined)).toBe('That did not work');
    expect(withDetail('Failed to edit license. Please try again!', 'License not found.')).toBe('Failed to edit license. Please try again! License not found.');
    expect(withDetail('Error saving claim', 'A filed claim cannot be changed.')).toBe('Error saving claim. A filed claim cannot be changed.');
  });

  it('a refused save with field messages keeps a plain failure text, and fills in a {message} one', () => {
    const body = { message: 'Failed to add license. Please try again!', errors: [{ field: 'brokerEmail', message: 'Please enter Email Address' }] };
    const refused = new ApiError('Please enter Email Address', 400, body);
    expect(saveFailure(refused, 'Failed to add license. Please try again!').message).toBe('Failed to add license. Please try again!');
    expect(saveFailure(refused, '{message}').message).toBe('Please enter Email Address');
  });
});

describe('a form session assigned values from outside the form', () => {
  const agentForm = () => registry.resolve<FormDefinition>('agent-license', 'us');

  it('runs the rules, marks the fields changed and hands the data back to the form', () => {
    const session = new FormSession(agentForm(), { edition: 'us', today: TODAY, persona: 'agency' }, { number: 'OK 1' });
    const before = session.pushedData();
    expect(session.fieldView('agentFirstName').visible).toBe(false);
    session.assign({ agentId: 'u-1', agentFirstName: 'Alex', agentLastName: 'Agent', agentEmail: 'agent@agency.example' });
    expect(session.pushedData()).not.toBe(before);
    expect(session.pushedData()).toMatchObject({ number: 'OK 1', agentId: 'u-1', agentFirstName: 'Alex' });
    expect(session.fieldView('agentFirstName').visible).toBe(true);
    expect(session.getSnapshot().dirty).toBe(true);
    session.assign({ agentId: undefined, agentFirstName: undefined });
    expect(session.fieldView('agentId').errors).toEqual(['Agent is a required field']);
  });
});

describe('the lint of a lookup field', () => {
  it('names a lookup whose operation the contract does not have', () => {
    const form = registry.resolve<FormDefinition>('agent-license', 'us');
    const known = { listLicenseAgents: {}, getAgentLicense: {}, createAgentLicense: {}, updateAgentLicense: {} };
    expect(lintFormContract(form, known)).toEqual([]);
    const { listLicenseAgents: _gone, ...withoutAgents } = known;
    expect(lintFormContract(form, withoutAgents)).toEqual([
      expect.objectContaining({ pointer: '/uiSchema/agentId/ui:options/lookup/operation', message: 'operation listLicenseAgents is not in the API contract', check: 'unknown-operation' }),
    ]);
  });
});
