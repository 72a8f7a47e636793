import type { Currency, PaymentKind, ProcessorCharge } from '../ledger/charge.ts';

/**
 * The one interface the console has to a payment processor (spec 002 'Payment categories': creditCard,
 * bankAccount). The payer types a card or bank account only into the processor's hosted form; the console
 * sees tokens, a brand and the last four digits. Implementations: the local sandbox (sandbox-processor.ts)
 * and, configured by environment, a real processor (processor-registry.ts says how to add one).
 */
// What a charge is belongs to the ledger, which records it; the processor reports charges in its terms.
export type { Currency, PaymentKind, ProcessorCharge };

/** A hosted payment form the payer fills in; complete once it produced a charge. */
export interface ProcessorCheckout {
  id: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  charge: ProcessorCharge | null;
}

/** A webhook delivery, after its signature and timestamp were checked. */
export interface ProcessorEvent {
  id: string;
  type: 'charge.updated';
  charge: ProcessorCharge;
}

export interface OpenCheckout {
  kind: PaymentKind;
  amount: string;
  currency: Currency;
  description: string;
  reference: string;
  /** Where the processor posts its events about this payment. */
  webhookUrl: string | null;
}

export interface ChargeToken {
  token: string;
  amount: string;
  currency: Currency;
  reference: string;
  /** The same key twice is the same charge: a retried request never charges twice. */
  idempotencyKey: string;
  webhookUrl: string | null;
}

/** A bank account the processor pays out to (an agency's commission deposits). */
export interface RegisterPayee {
  accountName: string;
  /** Routing number (US) or sort code (UK), digits only. */
  routingNumber: string;
  accountNumber: string;
  currency: Currency;
}

export interface ProcessorPayee {
  token: string;
  last4: string;
}

/** A payout as the processor reports it. */
export interface ProcessorPayout {
  id: string;
  status: 'paid' | 'failed';
  amount: string;
  currency: Currency;
  failureMessage: string | null;
}

export interface PayoutInput {
  /** The single-use token the processor issued for this payee: a retried payout with it is the same payout. */
  payoutToken: string;
  amount: string;
  currency: Currency;
  description: string;
  reference: string;
}

/** A payout the processor refused to make (an unknown or expired token): nothing was paid. */
export class PayoutRefusal extends Error {}

/** A webhook the processor did not sign, signed too long ago, or that cannot be read. */
export class WebhookRefusal extends Error {}

export interface PaymentProcessor {
  /** Recorded as the transaction's processorName. */
  readonly name: string;
  openCheckout(input: OpenCheckout): Promise<ProcessorCheckout>;
  getCheckout(id: string): Promise<ProcessorCheckout | null>;
  charge(input: ChargeToken): Promise<ProcessorCharge>;
  /** Keeps a bank account to pay out to; the console keeps only the token and the last four digits. */
  registerPayee(input: RegisterPayee): Promise<ProcessorPayee>;
  /** A single-use authorisation to pay a payee once. */
  payoutToken(payeeToken: string): Promise<{ token: string; expiresAt: Date }>;
  payout(input: PayoutInput): Promise<ProcessorPayout>;
  /** The event of a delivery whose signature header is valid for its raw body at `now`; WebhookRefusal otherwise. */
  verifyWebhook(rawBody: string, signature: string | undefined, now: Date): Promise<ProcessorEvent>;
}
