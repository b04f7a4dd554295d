import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { withdrawFieldError } from '../../../../../src/api/contract/payments';
import type { StoredWithdrawField } from '../../../db/tables/money';
import type { Checkout, CheckoutRequest, PaymentEvent, PaymentProvider, WithdrawalOrder, WithdrawalResult } from './provider';

export const SANDBOX = 'sandbox';
export const SIGNATURE_HEADER = 'x-signature';

/** The card number the sandbox refuses to pay out to, as a test acquirer's "declined" card does. */
export const SANDBOX_DECLINED_CARD = '4000000000000002';

/** The body of the sandbox's webhook. */
const sandboxEventSchema = z.strictObject({
  event_id: z.string().min(1).max(100),
  payment_id: z.uuid(),
  status: z.enum(['approved', 'declined']),
  amount_cents: z.number().int().positive(),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

/** The status url of a payment: what the web app passes to the check call. */
const sandboxStatusUrl = (publicId: string) => `/sandbox/status/${publicId}`;
const STATUS_URL = /^\/sandbox\/status\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
export const publicIdFromStatusUrl = (url: string): string | null => STATUS_URL.exec(url)?.[1] ?? null;

/**
 * The sandbox provider: its checkout page is served by this server (/sandbox/checkout/{id}) and
 * tells the platform the outcome through an HMAC-SHA256 signed webhook, exactly as a hosted
 * checkout of a real acquirer would. The signing secret is derived from the session secret so it
 * is never configured twice and never leaves the server.
 */
export type SandboxProvider = PaymentProvider & { sign(body: string): string };

export function createSandboxProvider(sessionSecret: string): SandboxProvider {
  const secret = createHmac('sha256', sessionSecret).update('sandbox-webhook-secret').digest();
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  return {
    name: SANDBOX,
    sign,
    createCheckout(request: CheckoutRequest): Checkout {
      return { redirectUrl: `/sandbox/checkout/${request.publicId}`, checkUrl: sandboxStatusUrl(request.publicId) };
    },
    verifyWebhook(rawBody: string, signature: string | undefined): PaymentEvent | null {
      if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
      const expected = Buffer.from(sign(rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const event = sandboxEventSchema.safeParse(parsed);
      if (!event.success) return null;
      return {
        eventId: event.data.event_id,
        publicId: event.data.payment_id,
        outcome: event.data.status,
        amountCents: event.data.amount_cents,
      };
    },
    validateWithdrawFields(fields: StoredWithdrawField[], values: Record<string, string>) {
      const errors: Record<string, string> = {};
      for (const field of fields) {
        const error = withdrawFieldError(field, values[field.name]);
        if (error) errors[field.name] = error;
      }
      return errors;
    },
    async processWithdrawal(order: WithdrawalOrder): Promise<WithdrawalResult> {
      const card = order.fields.card_number?.replace(/[\s-]/g, '');
      if (card === SANDBOX_DECLINED_CARD) return { status: 'rejected', reason: 'money.withdraw.reject.declined' };
      return { status: 'completed' };
    },
  };
}
