/** A charge as a payment processor reports it (payments/payment-processor.ts), and as the ledger records it. */

/** spec 002 'Payment categories'. */
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
