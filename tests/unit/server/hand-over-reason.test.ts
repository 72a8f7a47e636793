import { describe, expect, it } from 'vitest';
import { composeMail, reasonText } from '../../../server/lifecycle/quotes/hand-overs.ts';

/** What the other side of a hand-over reads as the reason, and the e-mail that carries it. */
describe('the reason of a hand-over', () => {
  it.each([
    { detail: { reasonSummary: 'Poor Claims History', reason: 'Three claims in two years' }, expected: 'Poor Claims History: Three claims in two years' },
    { detail: { reasonSummary: 'Poor Claims History', reason: '' }, expected: 'Poor Claims History' },
    { detail: { reason: 'The client asks for a lower retention' }, expected: 'The client asks for a lower retention' },
    { detail: { reasonSummary: 'Account details changed', reason: 'Account details changed: revenue' }, expected: 'Account details changed: revenue' },
    { detail: { reasonSummary: '  ', reason: null }, expected: null },
    { detail: null, expected: null },
  ])('$detail reads $expected', ({ detail, expected }) => {
    expect(reasonText(detail)).toBe(expected);
  });

  it('fills the e-mail, leaving the reason line out when no reason was given', () => {
    const mail = { subject: 'Quote {number} for {client} was declined', lines: ['Underwriting declined quote {number}.', 'Reason: {reason}', '{link}'] };
    const values = { number: 'Q-1', client: 'Acme', link: 'http://console/agency/quotes/1' };
    expect(composeMail(mail, values, 'a@b.example', 'Error')).toEqual({
      to: 'a@b.example', subject: 'Quote Q-1 for Acme was declined', text: 'Underwriting declined quote Q-1.\nReason: Error\nhttp://console/agency/quotes/1',
    });
    expect(composeMail(mail, values, 'a@b.example', null).text).toBe('Underwriting declined quote Q-1.\nhttp://console/agency/quotes/1');
  });
});
