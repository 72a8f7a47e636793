import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createRegistry, DefinitionError, type EditionId, type FormDefinition } from '../../../engine/index.ts';
import { readDefinitionFiles } from '../../../engine/node/file-source.ts';
import { signInForms } from '../../../engine/node/sign-in-forms-code.ts';
import { FormSession } from '../../../renderers/form/form-session.ts';
import { drawsLean, LeanForm, schemaDefaults } from '../../../renderers/lean/lean-form.tsx';

/*
 * The lean form (renderers/lean/lean-form.tsx) draws the sign-in page's first load from the login definition
 * as the build resolves it (engine/node/sign-in-forms-code.ts). These cases check, per edition, that the build
 * resolves it exactly as the app's registry does, and that the lean form gives the inputs the ids, labels,
 * required marks and messages the full runtime gives (which the end-to-end tests and screen readers use).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const built = signInForms(root);
const registry = createRegistry(readDefinitionFiles(root));
const EDITIONS: EditionId[] = ['us', 'uk'];

/** The attributes of the input with this id in the markup, or undefined when it is not drawn. */
function inputOf(html: string, id: string): Record<string, string> | undefined {
  const tag = new RegExp(`<input [^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  return tag ? Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!])) : undefined;
}

const draw = (session: FormSession) => renderToStaticMarkup(createElement(LeanForm, { session, onSubmit: () => undefined }));
const loginSession = (edition: EditionId, flags: Record<string, boolean> = {}, data: Record<string, unknown> = {}) => {
  const definition = built[edition]!.forms.login;
  return new FormSession(definition, { edition, today: '2026-11-29', flags }, { ...schemaDefaults(definition), ...data });
};

describe.each(EDITIONS)('%s: the sign-in forms the build resolves', (edition) => {
  it('are the registry’s own resolution of the login form, and the edition’s settings', () => {
    expect(built[edition]!.forms.login).toEqual(registry.resolve('login', edition));
    expect(built[edition]!.edition).toEqual(registry.edition(edition));
  });

  it('the login form is one the lean form can draw', () => {
    expect(drawsLean(built[edition]!.forms.login)).toBe(true);
  });
});

describe('a sign-in form the registry refuses', () => {
  it('stops the build with the registry’s fault, naming the file and the pointer', () => {
    const copy = mkdtempSync(join(tmpdir(), 'sign-in-forms-'));
    try {
      for (const folder of ['definitions', 'editions']) cpSync(join(root, folder), join(copy, folder), { recursive: true });
      const file = join(copy, 'definitions/forms/login.json');
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), rules: 'not a list' }));
      let thrown: unknown;
      try {
        signInForms(copy);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DefinitionError);
      expect((thrown as DefinitionError).faults).toContainEqual(expect.objectContaining({ file: 'definitions/forms/login.json', pointer: '/rules' }));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe.each(EDITIONS)('%s: the login form drawn lean', (edition) => {
  it('labels each input for its id, marks the required ones, and draws what the rules show', () => {
    const html = draw(loginSession(edition));
    expect(html).toContain('<label id="root_username__label" for="root_username" class="lean-label">Email<span class="lean-required" aria-hidden="true">*</span></label>');
    expect(inputOf(html, 'root_username')).toMatchObject({ name: 'root_username', type: 'email', placeholder: 'name@company.com', maxLength: '320', 'aria-required': 'true' });
    expect(inputOf(html, 'root_password')).toMatchObject({ type: 'password', autoComplete: 'current-password', 'aria-required': 'true' });
    // The code only in MFA mode, the checkbox only while its flag is on (the definition's rules).
    expect(inputOf(html, 'root_mfaCode')).toBeUndefined();
    expect(inputOf(html, 'root_rememberDevice')).toBeUndefined();
    expect(inputOf(draw(loginSession(edition, { 'remember-device': true })), 'root_rememberDevice')).toMatchObject({ type: 'checkbox' });
  });

  it('in MFA mode the code is required, digits only, and the credentials are locked', () => {
    const html = draw(loginSession(edition, {}, { username: 'a@b.example', password: 'x', mfaType: 'EMAIL' }));
    expect(inputOf(html, 'root_mfaCode')).toMatchObject({ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: '6', 'aria-required': 'true' });
    expect(html).toContain('Verification Code<span class="lean-required" aria-hidden="true">*</span>');
    expect(inputOf(html, 'root_username')).toMatchObject({ disabled: '' });
    expect(inputOf(html, 'root_password')).toMatchObject({ disabled: '' });
    expect(html).toContain('Enter the 6-digit code we sent you, or the code from your authenticator app.');
  });

  it('shows no message before a submit, then each error under its field, tied to the input', () => {
    const session = loginSession(edition);
    expect(draw(session)).not.toContain('field-error');
    expect(session.attemptSubmit()).toBe(false);
    const html = draw(session);
    expect(inputOf(html, 'root_username')).toMatchObject({ 'aria-invalid': 'true', 'aria-describedby': 'root_username__messages' });
    expect(html).toContain('<div id="root_username__messages" class="lean-messages" aria-live="polite"><p class="lean-message-error" data-testid="field-error">Email is a required field</p></div>');
  });

  it('sends only what the rules leave visible, with the schema’s defaults', () => {
    const session = loginSession(edition, { 'remember-device': true }, { username: 'agent@agency.example', password: 'secret' });
    expect(session.attemptSubmit()).toBe(true);
    expect(session.payload()).toEqual({ username: 'agent@agency.example', password: 'secret', rememberDevice: false });
  });
});

describe('what the lean form refuses to draw', () => {
  const name = { type: 'string', title: 'Name' };
  const base: FormDefinition = { id: 'probe', kind: 'form', version: 1, title: 'Probe', schema: { type: 'object', properties: { name } } };
  it.each([
    ['a select', { type: 'string', enum: ['a', 'b'] }, undefined],
    ['a list', { type: 'array', items: { type: 'string' } }, undefined],
    ['a nested object', { type: 'object', properties: {} }, undefined],
    ['a widget it does not know', { type: 'string' }, { 'ui:widget': 'phone' }],
  ])('%s', (_, field, ui) => {
    expect(drawsLean(base)).toBe(true);
    const definition = { ...base, schema: { type: 'object', properties: { name, other: field } }, uiSchema: ui ? { other: ui } : undefined } as FormDefinition;
    expect(drawsLean(definition)).toBe(false);
  });
});
