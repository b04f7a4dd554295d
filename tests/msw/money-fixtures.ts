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
import { MESSAGES } from './fixtures';

/**
 * Money data shared by the msw handlers, the machine tests and the stories; every fixture is
 * parsed with the contract, so one that drifts fails at import.
 */

/** Luhn-valid test card numbers (the sandbox approves any Luhn-valid card). */
export const TEST_CARD = '4242 4242 4242 4242';

const withFields = {
  card: [
    { name: 'card_number', label: 'Card number', type: 'card_number', required: true },
    { name: 'holder_name', label: 'Card holder', type: 'text', pattern: "[A-Za-z][A-Za-z .'-]{1,60}", required: true },
  ],
  usdt: [{ name: 'address', label: 'TRC-20 address', type: 'text', pattern: 'T[1-9A-HJ-NP-Za-km-z]{33}', required: true }],
  bank: [
    { name: 'iban', label: 'IBAN', type: 'iban', required: true },
    { name: 'beneficiary', label: 'Beneficiary', type: 'text', required: true },
  ],
} as const;

const systems = [
  { id: 1, slug: 'card', name: 'Bank card (test)', logo: '/payment-logos/card.svg', min: 10, max: 5000, fee_percent: 2 },
  { id: 2, slug: 'usdt', name: 'USDT TRC-20 (test)', logo: '/payment-logos/usdt.svg', min: 20, max: 20000, fee_percent: 1 },
  { id: 3, slug: 'bank', name: 'Bank transfer (test)', logo: '/payment-logos/bank.svg', min: 50, max: 50000, fee_percent: 0.5 },
] as const;

export const depositSystems: PaymentSystemListItem[] = z
  .array(paymentSystemListItemSchema)
  .parse(systems.map((s) => ({ ...s, url: `/deposit/ps/${s.id}` })));

export const withdrawSystems: PaymentSystemListItem[] = z
  .array(paymentSystemListItemSchema)
  .parse(systems.map((s) => ({ ...s, fields: withFields[s.slug], url: `/withdraw/ps/${s.id}` })));

export const withdrawConfigs: WithdrawConfigPayload[] = systems.map((s) =>
  withdrawConfigPayloadSchema.parse({
    ps: { ...s, fields: withFields[s.slug] },
    check_url: `/${s.slug}/check`,
    confirm_url: `/withdraw/${s.slug}/confirm`,
  }),
);
export const cardConfig = withdrawConfigs[0]!;

export const finances: Finances = financesSchema.parse({ balance: 1250.5, pending: 50, available: 1250.5, min: 10, max: 50000 });

export const pendingWithdrawal: Withdrawal = withdrawalSchema.parse({
  id: 41,
  ps_id: 1,
  slug: 'card',
  ps_name: 'Bank card (test)',
  amount: 50,
  fee: 1,
  receive: 49,
  status: 'pending',
  destination: '**** 4242',
  created_at: '2026-11-23T09:30:00.000Z',
  processed_at: null,
});

export const paymentHistory: PaymentHistoryItem[] = z.array(paymentHistoryItemSchema).parse([
  { key: 'withdrawal-41', id: 41, type: 'withdrawal', ps_id: 1, ps_name: 'Bank card (test)', amount: 50, fee: 1, status: 'pending', created_at: '2026-11-23T09:30:00.000Z', processed_at: null },
  { key: 'withdrawal-40', id: 40, type: 'withdrawal', ps_id: 1, ps_name: 'Bank card (test)', amount: 75, fee: 1.5, status: 'cancelled', created_at: '2026-11-22T18:02:00.000Z', processed_at: '2026-11-22T18:03:00.000Z' },
  { key: 'deposit-12', id: 12, type: 'deposit', ps_id: 1, ps_name: 'Bank card (test)', amount: 100, fee: 0, status: 'completed', created_at: '2026-11-22T17:45:00.000Z', processed_at: '2026-11-22T17:46:10.000Z' },
  { key: 'withdrawal-39', id: 39, type: 'withdrawal', ps_id: 3, ps_name: 'Bank transfer (test)', amount: 300, fee: 1.5, status: 'completed', created_at: '2026-11-20T11:00:00.000Z', processed_at: '2026-11-20T11:02:00.000Z' },
  { key: 'deposit-11', id: 11, type: 'deposit', ps_id: 2, ps_name: 'USDT TRC-20 (test)', amount: 1500, fee: 0, status: 'completed', created_at: '2026-11-19T08:20:00.000Z', processed_at: '2026-11-19T08:25:00.000Z' },
  { key: 'deposit-10', id: 10, type: 'deposit', ps_id: 1, ps_name: 'Bank card (test)', amount: 40, fee: 0, status: 'failed', created_at: '2026-11-18T15:10:00.000Z', processed_at: '2026-11-18T15:11:00.000Z' },
]);

/** A deposit whose checkout was left (closed, Back): its row offers to continue or cancel it. */
export const pendingDeposit: PaymentHistoryItem = paymentHistoryItemSchema.parse({
  key: 'deposit-13', id: 13, type: 'deposit', ps_id: 1, ps_name: 'Bank card (test)', amount: 250, fee: 0, status: 'pending', created_at: '2026-11-23T10:05:00.000Z', processed_at: null,
});

export const weeklyTournament: Tournament = tournamentSchema.parse({
  id: 7,
  name: MESSAGES['money.tournament.weekly_name']!.ru,
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

export const paidTournament: Tournament = tournamentSchema.parse({
  ...weeklyTournament,
  id: 8,
  name: 'Weekend Cup',
  kind: 'special',
  entry_fee: 25,
  start_balance: 5000,
  prizes: [2000, 1000, 500],
  participants: 42,
  product_id: 3,
});

export const tournamentEntry: Product = productSchema.parse({
  id: 3,
  kind: 'tournament_entry',
  name: 'Entry to Weekend Cup',
  price: 25,
  tournament_id: 8,
  owned: false,
});

export const leaderboard: LeaderboardRow[] = z.array(leaderboardRowSchema).parse([
  { rank: 1, name: '48****12', profit: 1840.5, bets: 64, is_you: false },
  { rank: 2, name: '10****77', profit: 1210, bets: 51, is_you: false },
  { rank: 3, name: '33****09', profit: 870.25, bets: 38, is_you: false },
  { rank: 4, name: '21****40', profit: 312, bets: 22, is_you: false },
  { rank: 5, name: '90****15', profit: -45.5, bets: 17, is_you: false },
]);
export const yourRow: LeaderboardRow = leaderboardRowSchema.parse({ rank: 12, name: '10****45', profit: 84.2, bets: 9, is_you: true });
