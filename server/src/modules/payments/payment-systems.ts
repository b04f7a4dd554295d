/** The payment systems a trader can pay in or out with: their list, their limits, their logos. */
import { type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError, type Message } from '../../http/errors';
import { translate, translateOr } from '../../i18n';
import { type Locale } from '../../../../src/api/contract/envelope';
import { fromCents } from '../../../../src/api/contract/money';
import { type PaymentSystem, type PaymentSystemListItem } from '../../../../src/api/contract/payments';
import { type ProviderRegistry } from './providers/registry';
import * as repo from './repo';

export type PaymentSystemRow = NonNullable<Awaited<ReturnType<typeof repo.findPaymentSystem>>>;

/** The logos are the web app's own files (public/payment-logos), so Storybook and tests show them too. */
const logoUrl = (slug: string) => `/payment-logos/${slug}.svg`;

export function presentPaymentSystem(row: PaymentSystemRow, locale: Locale, withFields: boolean): PaymentSystem {
  const system: PaymentSystem = {
    id: row.id,
    slug: row.slug,
    // The reader's language for the systems the translations know; an operator's own system keeps its name.
    name: translateOr(locale, `money.ps.${row.slug}`, row.name),
    logo: logoUrl(row.slug),
    min: fromCents(row.min_cents),
    max: fromCents(row.max_cents),
    fee_percent: row.fee_bp / 100,
  };
  if (withFields) {
    system.fields = row.withdraw_fields.map((f) => ({
      name: f.name,
      label: translate(locale, f.label),
      type: f.type,
      ...(f.pattern === undefined ? {} : { pattern: f.pattern }),
      required: f.required,
    }));
  }
  return system;
}

/** GET /payment_system/list, /deposit/ps, /withdraw/ps: each item with its config url, of enabled providers only. */
export async function listSystems(
  db: Kysely<DB>,
  providers: ProviderRegistry,
  use: 'any' | 'deposit' | 'withdraw',
  locale: Locale,
): Promise<PaymentSystemListItem[]> {
  const rows = (await repo.listPaymentSystems(db, use)).filter((row) => providers.offers(row.provider));
  return rows.map((row) => ({
    ...presentPaymentSystem(row, locale, false),
    url: use === 'withdraw' ? `/withdraw/ps/${row.id}` : `/deposit/ps/${row.id}`,
  }));
}

/** A payment system a trader may use now: it exists, is enabled for this use, and its provider is offered. */
export async function offeredSystem(
  db: Kysely<DB>,
  providers: ProviderRegistry,
  by: { id: number } | { slug: string },
  use: 'deposit' | 'withdraw',
): Promise<PaymentSystemRow> {
  const row = await repo.findPaymentSystem(db, by);
  if (!row || !(use === 'deposit' ? row.deposit_enabled : row.withdraw_enabled) || !providers.offers(row.provider)) {
    throw new ApiError('not_found', { message: 'money.error.ps_not_found' });
  }
  return row;
}

export function limitError(row: PaymentSystemRow, amountCents: number): Message | null {
  if (amountCents < row.min_cents) return { key: 'money.error.amount_min', params: { min: fromCents(row.min_cents) } };
  if (amountCents > row.max_cents) return { key: 'money.error.amount_max', params: { max: fromCents(row.max_cents) } };
  return null;
}
