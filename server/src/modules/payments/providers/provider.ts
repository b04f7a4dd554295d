import type { StoredWithdrawField } from '../../../db/tables/money';

/**
 * What the platform needs from a payment provider. The sandbox implements it here; a real
 * provider (a card acquirer, a crypto processor) would implement the same calls over its API.
 */
export interface CheckoutRequest {
  /** The payment's public id: the provider knows the payment by it. */
  publicId: string;
  amountCents: number;
  /** Where the browser returns after paying or declining. */
  returnUrl: string;
}

export interface Checkout {
  /** The page the browser is sent to for paying. */
  redirectUrl: string;
  /** Where the payment's status can be asked (passed back by the web app to the check call). */
  checkUrl: string;
}

/** A provider's notification about a payment, once its signature is verified. */
export interface PaymentEvent {
  eventId: string;
  publicId: string;
  outcome: 'approved' | 'declined';
  amountCents: number;
}

export interface WithdrawalOrder {
  id: number;
  receiveCents: number;
  fields: Record<string, string>;
}

/** 'completed', or 'rejected' with the translation key of the reason. */
export type WithdrawalResult = { status: 'completed' } | { status: 'rejected'; reason: string };

export interface PaymentProvider {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Checkout;
  /** The event of a signed notification, or null when the signature or the body is not valid. */
  verifyWebhook(rawBody: string, signature: string | undefined): PaymentEvent | null;
  /** Field name -> translation key of what is wrong; empty when every field is fine. */
  validateWithdrawFields(fields: StoredWithdrawField[], values: Record<string, string>): Record<string, string>;
  /** Pays a withdrawal out (called once per withdrawal, when it is due). */
  processWithdrawal(order: WithdrawalOrder): Promise<WithdrawalResult>;
}
