/**
 * The one interface the console has to a payment processor (spec 002 'Payment categories': creditCard,
 * bankAccount). The payer types a card or bank account only into the processor's hosted form; the console
 * sees tokens, a brand and the last four digits. Implementations: the local sandbox (sandbox-processor.ts)
 * and, configured by environment, a real processor (processor-registry.ts says how to add one).
 */
export type PaymentKind = 'creditCard' | 'bankAccount';
export type Currency = 'USD' | 'GBP';

/** A charge as the processor reports it; `status` moves from processing to succeeded or failed. */
export interface ProcessorCharge {
  id: string;
  status: 'processing' | 'succeeded' | 'failed';
  amount: string;
  currency: Currency;
  kind: PaymentKind;
  brand: string;
  last4: string;
  /** The console's reference given when the charge was asked for (the checkout or transaction it belongs to). */
  reference: string;
  failureMessage: string | null;
  /** A reusable token, when the payer asked the hosted form to keep the method. */
  savedToken: string | null;
}

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

/** A webhook the processor did not sign, signed too long ago, or that cannot be read. */
export class WebhookRefusal extends Error {}

export interface PaymentProcessor {
  /** Recorded as the transaction's processorName. */
  readonly name: string;
  openCheckout(input: OpenCheckout): Promise<ProcessorCheckout>;
  getCheckout(id: string): Promise<ProcessorCheckout | null>;
  charge(input: ChargeToken): Promise<ProcessorCharge>;
  /** The event of a delivery whose signature header is valid for its raw body at `now`; WebhookRefusal otherwise. */
  verifyWebhook(rawBody: string, signature: string | undefined, now: Date): Promise<ProcessorEvent>;
}
