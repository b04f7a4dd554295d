import { z } from 'zod';
import {
  financesSchema,
  paymentHistoryItemSchema,
  paymentSystemListItemSchema,
  withdrawConfigPayloadSchema,
  withdrawalSchema,
  type Finances,
  type PaymentHistoryItem,
  type PaymentSystemListItem,
  type WithdrawConfigPayload,
  type Withdrawal,
} from '../../src/api/contract/payments';
import {
  leaderboardRowSchema,
  productSchema,
  tournamentSchema,
  type LeaderboardRow,
  type Product,
  type Tournament,
} from '../../src/api/contract/tournaments';
import type { Locale } from '../../src/api/contract/envelope';
import { serverText } from './locale-texts';

/**
 * Money data shared by the msw handlers, the machine tests and the stories; every fixture is
 * parsed with the contract, so one that drifts fails at import.
 */

/** Luhn-valid test card numbers (the sandbox approves any Luhn-valid card). */
export const TEST_CARD = '4242 4242 4242 4242';

/** The withdraw fields as the server's table holds them: each label is a translation key. */
const withFields = {
  card: [
    { name: 'card_number', label: 'money.field.card_number', type: 'card_number', required: true },
    { name: 'holder_name', label: 'money.field.holder_name', type: 'text', pattern: "[A-Za-z][A-Za-z .'-]{1,60}", required: true },
  ],
  usdt: [{ name: 'address', label: 'money.field.usdt_address', type: 'text', pattern: 'T[1-9A-HJ-NP-Za-km-z]{33}', required: true }],
  bank: [
    { name: 'iban', label: 'money.field.iban', type: 'iban', required: true },
    { name: 'beneficiary', label: 'money.field.beneficiary', type: 'text', required: true },
  ],
} as const;

const systems = [
  { id: 1, slug: 'card', logo: '/payment-logos/card.svg', min: 10, max: 5000, fee_percent: 2 },
  { id: 2, slug: 'usdt', logo: '/payment-logos/usdt.svg', min: 20, max: 20000, fee_percent: 1 },
  { id: 3, slug: 'bank', logo: '/payment-logos/bank.svg', min: 50, max: 50000, fee_percent: 0.5 },
] as const;

/** A system's name as the server gives it (money.ps.<slug>), in the reader's language. */
const systemName = (language: Locale, id: number) => serverText(language, `money.ps.${systems.find((s) => s.id === id)?.slug ?? ''}`);

/** A system with its name and (for a withdrawal) its field labels in the reader's language. */
const systemIn = (language: Locale, s: (typeof systems)[number], withLabels: boolean) => ({
  ...s,
  name: systemName(language, s.id),
  ...(withLabels ? { fields: withFields[s.slug].map((f) => ({ ...f, label: serverText(language, f.label) })) } : {}),
});

/** The deposit systems as the server lists them to a reader of `language`. */
export const depositSystemsIn = (language: Locale): PaymentSystemListItem[] =>
  z.array(paymentSystemListItemSchema).parse(systems.map((s) => ({ ...systemIn(language, s, false), url: `/deposit/ps/${s.id}` })));
export const depositSystems = depositSystemsIn('ru');

/** The withdraw systems, with their fields, as the server lists them to a reader of `language`. */
export const withdrawSystemsIn = (language: Locale): PaymentSystemListItem[] =>
  z.array(paymentSystemListItemSchema).parse(systems.map((s) => ({ ...systemIn(language, s, true), url: `/withdraw/ps/${s.id}` })));
export const withdrawSystems = withdrawSystemsIn('ru');

/** Each system's withdraw config as the server answers a reader of `language`. */
export const withdrawConfigsIn = (language: Locale): WithdrawConfigPayload[] =>
  systems.map((s) =>
    withdrawConfigPayloadSchema.parse({ ps: systemIn(language, s, true), check_url: `/${s.slug}/check`, confirm_url: `/withdraw/${s.slug}/confirm` }),
  );
export const withdrawConfigs = withdrawConfigsIn('ru');
export const cardConfig = withdrawConfigs[0]!;

export const finances: Finances = financesSchema.parse({ balance: 1250.5, pending: 50, available: 1250.5, min: 10, max: 50000 });

/** The trader's pending card withdrawal, its system named in the reader's language. */
export const pendingWithdrawalIn = (language: Locale): Withdrawal =>
  withdrawalSchema.parse({
    id: 41,
    ps_id: 1,
    slug: 'card',
    ps_name: systemName(language, 1),
    amount: 50,
    fee: 1,
    receive: 49,
    status: 'pending',
    destination: '**** 4242',
    created_at: '2026-11-23T09:30:00.000Z',
    processed_at: null,
  });
export const pendingWithdrawal = pendingWithdrawalIn('ru');

const history = [
  { key: 'withdrawal-41', id: 41, type: 'withdrawal', ps_id: 1, amount: 50, fee: 1, status: 'pending', created_at: '2026-11-23T09:30:00.000Z', processed_at: null },
  { key: 'withdrawal-40', id: 40, type: 'withdrawal', ps_id: 1, amount: 75, fee: 1.5, status: 'cancelled', created_at: '2026-11-22T18:02:00.000Z', processed_at: '2026-11-22T18:03:00.000Z' },
  { key: 'deposit-12', id: 12, type: 'deposit', ps_id: 1, amount: 100, fee: 0, status: 'completed', created_at: '2026-11-22T17:45:00.000Z', processed_at: '2026-11-22T17:46:10.000Z' },
  { key: 'withdrawal-39', id: 39, type: 'withdrawal', ps_id: 3, amount: 300, fee: 1.5, status: 'completed', created_at: '2026-11-20T11:00:00.000Z', processed_at: '2026-11-20T11:02:00.000Z' },
  { key: 'deposit-11', id: 11, type: 'deposit', ps_id: 2, amount: 1500, fee: 0, status: 'completed', created_at: '2026-11-19T08:20:00.000Z', processed_at: '2026-11-19T08:25:00.000Z' },
  { key: 'deposit-10', id: 10, type: 'deposit', ps_id: 1, amount: 40, fee: 0, status: 'failed', created_at: '2026-11-18T15:10:00.000Z', processed_at: '2026-11-18T15:11:00.000Z' },
] as const;

/** The payment history as the server answers a reader of `language`. */
export const paymentHistoryIn = (language: Locale): PaymentHistoryItem[] =>
  z.array(paymentHistoryItemSchema).parse(history.map((item) => ({ ...item, ps_name: systemName(language, item.ps_id) })));
export const paymentHistory = paymentHistoryIn('ru');

/** A deposit whose checkout was left (closed, Back): its row offers to continue or cancel it. */
export const pendingDepositIn = (language: Locale): PaymentHistoryItem =>
  paymentHistoryItemSchema.parse({
    key: 'deposit-13', id: 13, type: 'deposit', ps_id: 1, ps_name: systemName(language, 1), amount: 250, fee: 0, status: 'pending', created_at: '2026-11-23T10:05:00.000Z', processed_at: null,
  });
export const pendingDeposit = pendingDepositIn('ru');

export const weeklyTournament: Tournament = tournamentSchema.parse({
  id: 7,
  name: serverText('ru', 'money.tournament.weekly_name'),
  kind: 'weekly',
  starts_at: '2026-11-23T00:00:00.000Z',
  ends_at: '2026-11-30T00:00:00.000Z',
  entry_fee: 0,
  start_balance: 1000,
  prizes: [500, 250, 100],
  status: 'running',
  participants: 128,
  joined: false,
  product_id: null,
});

/** The paid tournament's name as its operator wrote it in each language (the server's `names`). */
export const PAID_TOURNAMENT_NAMES: Readonly<Record<Locale, string>> = {
  ru: 'Кубок выходных',
  en: 'Weekend Cup',
  'pt-BR': 'Copa de fim de semana',
  es: 'Copa de fin de semana',
  tr: 'Hafta Sonu Kupası',
  id: 'Piala Akhir Pekan',
  vi: 'Cúp cuối tuần',
  hi: 'वीकेंड कप',
  ar: 'كأس نهاية الأسبوع',
  'zh-CN': '周末杯',
};

/** A paid special tournament, named in the reader's language. */
const paidTournamentIn = (language: Locale): Tournament =>
  tournamentSchema.parse({
    ...weeklyTournament,
    id: 8,
    name: PAID_TOURNAMENT_NAMES[language],
    kind: 'special',
    entry_fee: 25,
    start_balance: 5000,
    prizes: [2000, 1000, 500],
    participants: 42,
    product_id: 3,
  });
export const paidTournament = paidTournamentIn('ru');

/** The paid tournament's entry as a product, named as the server names it (money.purchase.entry_name). */
export const tournamentEntryIn = (language: Locale): Product =>
  productSchema.parse({
    id: 3,
    kind: 'tournament_entry',
    name: serverText(language, 'money.purchase.entry_name', { name: PAID_TOURNAMENT_NAMES[language] }),
    price: 25,
    tournament_id: 8,
    owned: false,
  });
export const tournamentEntry = tournamentEntryIn('ru');

export const leaderboard: LeaderboardRow[] = z.array(leaderboardRowSchema).parse([
  { rank: 1, name: '48****12', profit: 1840.5, bets: 64, is_you: false },
  { rank: 2, name: '10****77', profit: 1210, bets: 51, is_you: false },
  { rank: 3, name: '33****09', profit: 870.25, bets: 38, is_you: false },
  { rank: 4, name: '21****40', profit: 312, bets: 22, is_you: false },
  { rank: 5, name: '90****15', profit: -45.5, bets: 17, is_you: false },
]);
export const yourRow: LeaderboardRow = leaderboardRowSchema.parse({ rank: 12, name: '10****45', profit: 84.2, bets: 9, is_you: true });
