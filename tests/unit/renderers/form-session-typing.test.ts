import { describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { FormSession } from '../../../renderers/form/form-session.ts';

const context = { edition: 'us', today: '2026-11-29', persona: 'agency' };

/** A name the rules check as it is typed, and a code a rule rewrites whenever it reads 'reset'. */
const definition: FormDefinition = {
  id: 'typing-probe',
  kind: 'form',
  version: 1,
  title: 'Typing',
  schema: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', title: 'Name', maxLength: 5 },
      code: { type: 'string', title: 'Code' },
      city: { type: 'string', title: 'City' },
      greeting: { type: 'string', title: 'Greeting' },
    },
  },
  messages: { 'name.maxLength': 'Too long' },
  rules: [
    { id: 'code-reset', when: { '==': [{ var: 'code' }, 'reset'] }, effects: [{ set: { field: 'code', value: 'R1' } }] },
    { id: 'greet', when: { '!': { empty: { var: 'city' } } }, effects: [{ set: { field: 'greeting', value: { cat: ['Hello ', { var: 'city' }] } } }] },
  ],
};

/** A stand-in for rjsf: the data it holds, and the data it reports back when a widget hands it a change. */
function fakeRjsf(session: FormSession) {
  let data: Record<string, unknown> = session.getSnapshot().state.data;
  const handed: unknown[] = [];
  return {
    handedOver: handed,
    data: () => data,
    /** A widget's rjsf onChange: rjsf sets the value into its own data and reports the whole of it. */
    change(path: string, value: unknown) {
      handed.push(value);
      data = { ...data, [path]: value };
      session.update(data);
    },
  };
}

const flushIdle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe.each(['us', 'uk'])('typing into a form session (%s)', (edition) => {
  const start = () => new FormSession(definition, { ...context, edition }, { name: 'Ann' });

  it('runs the rules and messages on each keystroke, before rjsf is handed the text', () => {
    const session = start();
    const rjsf = fakeRjsf(session);
    session.type('name', 'Annabel', () => rjsf.change('name', 'Annabel'), vi.fn());
    expect(session.getSnapshot().state.data.name).toBe('Annabel');
    expect(session.fieldView('name').errors).toEqual(['Too long']);
    expect(session.isTyping('name')).toBe(true);
    expect(rjsf.handedOver).toEqual([]);
  });

  it('hands rjsf only the last text of a burst, once idle, and then holds nothing back', async () => {
    const session = start();
    const rjsf = fakeRjsf(session);
    for (const text of ['Ann', 'Anna', 'Annab']) session.type('name', text, () => rjsf.change('name', text), vi.fn());
    await flushIdle();
    expect(rjsf.handedOver).toEqual(['Annab']);
    expect(session.isTyping('name')).toBe(false);
    expect(session.getSnapshot().state.data.name).toBe('Annab');
  });

  it('keeps typed text that rjsf does not hold yet when rjsf reports another field', () => {
    const session = start();
    const rjsf = fakeRjsf(session);
    session.type('name', 'Bo', () => rjsf.change('name', 'Bo'), vi.fn());
    // A choice elsewhere reaches rjsf before the text: rjsf reports its own data, with the old name.
    rjsf.change('city', 'Leeds');
    expect(session.getSnapshot().state.data).toMatchObject({ name: 'Bo', city: 'Leeds', greeting: 'Hello Leeds' });
  });

  it('hands over at once when asked (a blur or a submit) and not again once idle', async () => {
    const session = start();
    const rjsf = fakeRjsf(session);
    session.type('name', 'Cy', () => rjsf.change('name', 'Cy'), vi.fn());
    session.handOverTyped();
    expect(rjsf.handedOver).toEqual(['Cy']);
    expect(rjsf.data().name).toBe('Cy');
    await flushIdle();
    expect(rjsf.handedOver).toEqual(['Cy']);
    expect(session.payload()).toMatchObject({ name: 'Cy' });
  });

  it("lets a rule that rewrites the field being typed win: the box is shown the rule's value and rjsf is pushed it", async () => {
    const session = start();
    const rjsf = fakeRjsf(session);
    const show = vi.fn();
    session.type('code', 'reset', () => rjsf.change('code', 'reset'), show);
    expect(show).toHaveBeenCalledWith('R1');
    expect(session.isTyping('code')).toBe(false);
    expect(session.pushedData().code).toBe('R1');
    await flushIdle();
    expect(rjsf.handedOver).toEqual([]);
  });

  it('pushes the data to rjsf when a rule sets another field from the typed text, the text included', () => {
    const session = start();
    const rjsf = fakeRjsf(session);
    const pushed = session.pushedData();
    session.type('city', 'York', () => rjsf.change('city', 'York'), vi.fn());
    expect(session.pushedData()).not.toBe(pushed);
    expect(session.pushedData()).toMatchObject({ city: 'York', greeting: 'Hello York' });
  });

  it('counts a typed field as touched and runs nothing when rjsf reports what the session already holds', () => {
    const session = start();
    const rjsf = fakeRjsf(session);
    const listener = vi.fn();
    session.subscribe(listener);
    session.type('name', 'Dee', () => rjsf.change('name', 'Dee'), vi.fn());
    expect(listener).toHaveBeenCalledTimes(1);
    const snapshot = session.getSnapshot();
    session.handOverTyped();
    expect(session.getSnapshot()).toBe(snapshot);
    expect(listener).toHaveBeenCalledTimes(1);
    session.type('name', '', () => rjsf.change('name', undefined), vi.fn());
    expect(session.fieldView('name').errors).toEqual(['Name is a required field']);
  });
});
