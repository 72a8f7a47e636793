import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypedHandlers } from '../../contract/handlers.ts';
import { notFound } from '../../http/http-error.ts';
import type { Services } from '../../services.ts';
import { checkoutDonePage, checkoutFormPage, checkoutGonePage } from './sandbox-checkout-page.ts';
import { cardBrand, outcomeOf, passesLuhn, validRoutingNumber, DECLINE_MESSAGES } from './sandbox-instruments.ts';
import { SANDBOX_BASE, type SandboxProcessor } from './sandbox-processor.ts';

type Form = Record<string, string | undefined>;

/**
 * The sandbox processor's hosted form (development and tests; 404 when another processor is configured or
 * in production). The console frames it in its payment dialog, so unlike the console's own pages it may be
 * framed by this origin; it runs no script.
 */
export function sandboxHandlers(services: Services, sandboxOf: (request: FastifyRequest) => SandboxProcessor | null): TypedHandlers {
  function html(reply: FastifyReply, status: number, body: string) {
    return reply.code(status).type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'")
      .header('x-frame-options', 'SAMEORIGIN')
      .send(body);
  }

  async function openSession(request: FastifyRequest, id: string) {
    const sandbox = services.config.production ? null : sandboxOf(request);
    if (!sandbox) throw notFound();
    return { sandbox, session: await sandbox.session(id) };
  }

  /** The instrument the form describes, or the sentence a processor's form shows under it. */
  function instrumentOf(method: 'creditCard' | 'bankAccount', currency: string, form: Form): { brand: string; last4: string; digits: string } | string {
    if (!(form.name ?? '').trim()) return method === 'creditCard' ? 'Enter the name on the card.' : 'Enter the account holder.';
    if (method === 'creditCard') {
      const digits = (form.number ?? '').replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return 'Your card number is invalid.';
      const expiry = /^(\d{2})\/(\d{2})$/.exec((form.expiry ?? '').trim());
      const month = Number(expiry?.[1]);
      const year = 2000 + Number(expiry?.[2]);
      const now = services.clock.now();
      if (!expiry || month < 1 || month > 12 || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return 'The expiry date is invalid or in the past.';
      if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) return 'The security code is invalid.';
      return { brand: cardBrand(digits), last4: digits.slice(-4), digits };
    }
    const routing = (form.routing ?? '').replace(/[\s-]/g, '');
    const account = (form.account ?? '').replace(/[\s-]/g, '');
    if (currency === 'GBP' ? !/^\d{6}$/.test(routing) : !validRoutingNumber(routing)) return currency === 'GBP' ? 'The sort code is invalid.' : 'The routing number is invalid.';
    if (!(currency === 'GBP' ? /^\d{8}$/ : /^\d{4,17}$/).test(account)) return 'The account number is invalid.';
    return { brand: currency === 'GBP' ? 'Bank account' : 'US bank account', last4: account.slice(-4), digits: account };
  }

  return {
    async sandboxCheckoutPage(request, reply) {
      const { session } = await openSession(request, request.params.sessionId);
      if (!session) return html(reply, 404, checkoutGonePage('This payment session does not exist.'));
      if (session.status !== 'open') return html(reply, 410, checkoutGonePage(session.status === 'expired' ? 'This payment session has expired.' : 'This payment session is complete.'));
      return html(reply, 200, checkoutFormPage({
        action: `${SANDBOX_BASE}/checkout/${session.id}`, method: session.method, currency: session.currency, amount: session.amount, description: session.description,
      }));
    },

    async sandboxCheckoutSubmit(request, reply) {
      const { sandbox, session } = await openSession(request, request.params.sessionId);
      if (!session) return html(reply, 404, checkoutGonePage('This payment session does not exist.'));
      if (session.status !== 'open') return html(reply, 410, checkoutGonePage(session.status === 'expired' ? 'This payment session has expired.' : 'This payment session is complete.'));
      const form = request.body as Form;
      const instrument = instrumentOf(session.method, session.currency, form);
      if (typeof instrument === 'string') {
        // The number typed is not sent back: the payer types it again, as at a real processor.
        return html(reply, 422, checkoutFormPage({
          action: `${SANDBOX_BASE}/checkout/${session.id}`, method: session.method, currency: session.currency, amount: session.amount,
          description: session.description, error: instrument, values: { name: form.name ?? '', save: form.save ?? '' },
        }));
      }
      const outcome = outcomeOf(session.method, instrument.digits);
      const charge = await sandbox.completeSession(session, { brand: instrument.brand, last4: instrument.last4, outcome, save: form.save === 'true' });
      return html(reply, 200, checkoutDonePage(charge.status === 'failed'
        ? { ok: false, message: charge.failureMessage ?? DECLINE_MESSAGES.decline }
        : { ok: true, message: 'Your payment is being processed.' }));
    },
  };
}
