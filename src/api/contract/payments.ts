import { z } from 'zod';
import { pageParam, timeParam } from './history-query';
import { walletSchema } from './envelope';
import { moneySchema, toCents } from './money';

/**
 * Deposits, withdrawals, finances and the demo reset (docs/design.md 3.2 "Wallets and money").
 * Amounts on the wire are USD numbers with at most 2 decimals; the server keeps cents.
 */

// ---------------------------------------------------------------------------------------------
// Payment systems and withdraw fields

/**
 * How a withdraw field is checked: `card_number` by the Luhn sum, `iban` by ISO 13616 mod-97,
 * `text` by its pattern (when it has one).
 */
const WITHDRAW_FIELD_TYPES = ['text', 'card_number', 'iban'] as const;
const withdrawFieldTypeSchema = z.enum(WITHDRAW_FIELD_TYPES);

const withdrawFieldSchema = z.object({
  /** The multipart field name: 'card_number', 'holder_name', 'address', 'iban', 'beneficiary'. */
  name: z.string(),
  /** Already translated to the request's language. */
  label: z.string(),
  type: withdrawFieldTypeSchema,
  /** A JavaScript regular expression (without slashes, valid with the `u` and `v` flags) the whole value must match. */
  pattern: z.string().optional(),
  required: z.boolean(),
});
export type WithdrawField = z.infer<typeof withdrawFieldSchema>;

const paymentSystemSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  /** URL of the system's logo (an SVG served by the platform). */
  logo: z.string(),
  min: z.number(),
  max: z.number(),
  /** Percent of a withdrawal kept as fee (deposits carry no fee). */
  fee_percent: z.number(),
  /** Only on withdraw calls. */
  fields: z.array(withdrawFieldSchema).optional(),
});
export type PaymentSystem = z.infer<typeof paymentSystemSchema>;

/** A list item of GET /deposit/ps and GET /withdraw/ps: `url` is the config call ("GET /api{url}"). */
export const paymentSystemListItemSchema = paymentSystemSchema.extend({ url: z.string() });
export type PaymentSystemListItem = z.infer<typeof paymentSystemListItemSchema>;

/** GET /payment_system/list (every system, no fields), GET /deposit/ps and GET /withdraw/ps. */
export const paymentSystemListPayloadSchema = z.object({ items: z.array(paymentSystemListItemSchema) });

/** `{id}` path parameter of the config calls, cancel and the like. */
export const idParamsSchema = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,15}$/, { error: 'validation.invalid' }).transform(Number),
});

/** Withdraw slug path parameter. */
export const slugParamsSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9_-]{1,32}$/, { error: 'validation.invalid' }),
});

/**
 * The slug of POST /withdraw/{slug}/confirm: the router names the parameter `id` (the other
 * withdraw/{x}/... routes take an id there); it is read, and its errors named, as the slug.
 */
export const withdrawConfirmParamsSchema = z
  .strictObject({ id: z.string() })
  .transform(({ id }) => ({ slug: id }))
  .pipe(slugParamsSchema);

/** Luhn checksum of a card number (digits only, 12-19 of them). */
export function isLuhnValid(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** ISO 13616 IBAN check: country, check digits, BBAN; the rearranged number mod 97 equals 1. */
export function isIbanValid(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/**
 * The translation key of what is wrong with a withdraw field's value, or null when it is fine.
 * The server and the web app run the same check.
 */
export function withdrawFieldError(field: WithdrawField, raw: string | undefined): string | null {
  const value = (raw ?? '').trim();
  if (value === '') return field.required ? 'validation.required' : null;
  if (value.length > 200) return 'validation.invalid';
  if (field.type === 'card_number' && !isLuhnValid(value)) return 'money.withdraw.error.card_number';
  if (field.type === 'iban' && !isIbanValid(value)) return 'money.withdraw.error.iban';
  if (field.pattern !== undefined && !new RegExp(`^(?:${field.pattern})$`, 'u').test(value)) {
    return 'money.withdraw.error.pattern';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Deposits (and the checkout they share with purchases)

/** GET /deposit/ps/{id}: the system and where to start a deposit with it. */
export const depositConfigPayloadSchema = z.object({
  ps: paymentSystemSchema,
  /** POST /api{integration_url} with {ps_id, amount}. */
  integration_url: z.string(),
});

/** POST /deposit/integration_json: an amount within the system's limits; no fee. */
export const depositIntegrationRequestSchema = z.strictObject({
  ps_id: z.number({ error: 'validation.required' }).int().positive(),
  amount: moneySchema,
});
export type DepositIntegrationRequest = z.infer<typeof depositIntegrationRequestSchema>;

/** Where the browser goes to pay, and the url to pass to the check call. */
export const depositIntegrationPayloadSchema = z.object({
  deposit_id: z.number().int().positive(),
  /** The provider's checkout page (the sandbox: /sandbox/checkout/{token}). */
  redirect_url: z.string(),
  /** Opaque: pass it to POST /deposit/integration_json/check. */
  check_url: z.string(),
});
export type DepositIntegrationPayload = z.infer<typeof depositIntegrationPayloadSchema>;

/** GET /checkout/{kind}/{id}/return: the payment the provider's checkout sent the browser back with. */
export const checkoutReturnParamsSchema = idParamsSchema.extend({
  kind: z.enum(['deposit', 'purchase'], { error: 'validation.invalid' }),
});

/** What the return page needs to wait for the payment: where to ask its status, and what a purchase bought. */
export const checkoutReturnPayloadSchema = z.object({
  /** Opaque: pass it to POST /deposit/integration_json/check. */
  check_url: z.string(),
  /** The product a purchase paid for (offered again after a failure); null for a deposit. */
  product_id: z.number().int().positive().nullable(),
});
export type CheckoutReturnPayload = z.infer<typeof checkoutReturnPayloadSchema>;

export const PAYMENT_CHECK_STATUSES = ['pending', 'completed', 'failed'] as const;
const paymentCheckStatusSchema = z.enum(PAYMENT_CHECK_STATUSES);
export type PaymentCheckStatus = z.infer<typeof paymentCheckStatusSchema>;

/** POST /deposit/integration_json/check {url}: deposits and purchases alike. */
export const paymentCheckRequestSchema = z.strictObject({ url: z.string().min(1).max(500) });
export const paymentCheckPayloadSchema = z.object({ status: paymentCheckStatusSchema });

const depositSchema = z.object({
  id: z.number().int().positive(),
  ps_id: z.number().int().positive(),
  ps_name: z.string(),
  amount: z.number(),
  /** A deposit left at its checkout ends 'cancelled' (the server's expiry job). */
  status: z.enum([...PAYMENT_CHECK_STATUSES, 'cancelled']),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

/**
 * The sandbox provider's webhook answers what its event did: credited or failed the payment
 * (`applied`), was seen before (`replayed`), or found the payment already settled.
 */
export const webhookResultPayloadSchema = z.object({ result: z.enum(['applied', 'replayed', 'already_settled']) });

/** POST /deposit/{id}/cancel: no body (or an empty object); the answer is the deposit. */
export const depositCancelRequestSchema = z.strictObject({});
export const depositPayloadSchema = z.object({ deposit: depositSchema });

// ---------------------------------------------------------------------------------------------
// Withdrawals (main wallet only)

/** GET /withdraw/ps/{id}: the system with its fields, and where to check and confirm. */
export const withdrawConfigPayloadSchema = z.object({
  ps: paymentSystemSchema.extend({ fields: z.array(withdrawFieldSchema) }),
  /** POST /api{check_url} (multipart: amount + fields) -> WithdrawQuote. */
  check_url: z.string(),
  /** POST /api{confirm_url} (multipart) -> {withdrawal}. */
  confirm_url: z.string(),
});
export type WithdrawConfigPayload = z.infer<typeof withdrawConfigPayloadSchema>;

export type WithdrawForm = { amount: string } & Record<string, string>;

/** The answer of check: what leaves the wallet, the fee, and what the trader receives. */
export const withdrawQuoteSchema = z.object({ amount: z.number(), fee: z.number(), receive: z.number() });
export type WithdrawQuote = z.infer<typeof withdrawQuoteSchema>;

/** Fee in cents for an amount in cents: fee_percent of it, rounded up to the cent. */
export function withdrawFeeCents(amountCents: number, feePercent: number): number {
  const basisPoints = Math.round(feePercent * 100);
  return Math.ceil((amountCents * basisPoints) / 10_000);
}

/** The quote of an amount text, or null when the amount is not money. */
export function quoteWithdrawal(amount: string | number, feePercent: number): WithdrawQuote | null {
  const cents = toCents(amount);
  if (cents === null || cents <= 0) return null;
  const fee = withdrawFeeCents(cents, feePercent);
  return { amount: cents / 100, fee: fee / 100, receive: (cents - fee) / 100 };
}

export const WITHDRAWAL_STATUSES = ['pending', 'completed', 'rejected', 'cancelled'] as const;
const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);

export const withdrawalSchema = z.object({
  id: z.number().int().positive(),
  ps_id: z.number().int().positive(),
  slug: z.string(),
  ps_name: z.string(),
  amount: z.number(),
  fee: z.number(),
  receive: z.number(),
  status: withdrawalStatusSchema,
  /** Where the money goes, masked ('**** 4242', 'TQ1v…Xy9z', 'DE89 **** 3000'). */
  destination: z.string(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** POST /withdraw/{slug}/confirm and POST /withdraw/{id}/cancel answer with the withdrawal. */
export const withdrawalPayloadSchema = z.object({ withdrawal: withdrawalSchema });

/** GET /withdraw/{id}/cancel: the withdrawal and whether it may still be cancelled (pending). */
export const withdrawCancelInfoSchema = z.object({ withdrawal: withdrawalSchema, cancellable: z.boolean() });
export type WithdrawCancelInfo = z.infer<typeof withdrawCancelInfoSchema>;

/** GET /withdraw/finances: the main wallet as withdrawals see it. */
export const financesSchema = z.object({
  /** The main wallet's balance (held withdrawals are already out of it). */
  balance: z.number(),
  /** Held by pending withdrawals. */
  pending: z.number(),
  /** What may be withdrawn now. */
  available: z.number(),
  /** The smallest minimum and largest maximum over the withdraw systems. */
  min: z.number(),
  max: z.number(),
  /** KYC: withdrawals past `threshold` (USD, in all) need a verified account. */
  verification: z.object({ verified: z.boolean(), threshold: z.number() }).optional(),
});
export type Finances = z.infer<typeof financesSchema>;

// ---------------------------------------------------------------------------------------------
// History (paged)

const MONEY_HISTORY_PER_PAGE_MAX = 100;

const pagingQuery = {
  from: timeParam,
  to: timeParam,
  page: pageParam(100_000, 1),
  per_page: pageParam(MONEY_HISTORY_PER_PAGE_MAX, 20),
};

/** GET /deposit/history */
export const depositHistoryQuerySchema = z.strictObject({ status: paymentCheckStatusSchema.optional(), ...pagingQuery });
export type DepositHistoryQuery = z.input<typeof depositHistoryQuerySchema>;

/** GET /withdraw/history */
export const withdrawHistoryQuerySchema = z.strictObject({ status: withdrawalStatusSchema.optional(), ...pagingQuery });
export type WithdrawHistoryQuery = z.input<typeof withdrawHistoryQuerySchema>;

const PAYMENT_KINDS = ['deposit', 'withdrawal'] as const;
const paymentKindSchema = z.enum(PAYMENT_KINDS);
export type PaymentKind = z.infer<typeof paymentKindSchema>;
/** Every status a finance history row may have (deposit statuses and withdrawal statuses). */
const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'rejected', 'cancelled'] as const;
const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** GET /payment/history: deposits and withdrawals together, newest first. */
export const paymentHistoryQuerySchema = z.strictObject({
  type: paymentKindSchema.optional(),
  status: paymentStatusSchema.optional(),
  ps_id: z.string().regex(/^[1-9]\d{0,15}$/, { error: 'validation.invalid' }).transform(Number).optional(),
  ...pagingQuery,
});
export type PaymentHistoryQuery = z.input<typeof paymentHistoryQuerySchema>;

export const paymentHistoryItemSchema = z.object({
  /** Unique within the list: 'deposit-12', 'withdrawal-7'. */
  key: z.string(),
  id: z.number().int().positive(),
  type: paymentKindSchema,
  ps_id: z.number().int().positive(),
  ps_name: z.string(),
  amount: z.number(),
  fee: z.number(),
  status: paymentStatusSchema,
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int().positive(),
    per_page: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  });

export const depositHistoryPayloadSchema = page(depositSchema);
export const withdrawHistoryPayloadSchema = page(withdrawalSchema);
export const paymentHistoryPayloadSchema = page(paymentHistoryItemSchema);
export type PaymentHistoryPayload = z.infer<typeof paymentHistoryPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// Demo wallet

/** The demo wallet's balance after a reset, and the ceiling below which a reset is allowed. */
export const DEMO_BALANCE = 10_000;

/** POST /wallet/demo/reset (no body, or an empty object) -> the demo wallet. */
export const demoResetRequestSchema = z.strictObject({});
export const demoResetPayloadSchema = z.object({
  wallet: walletSchema.extend({ wallet_type: z.literal('demo') }),
});
