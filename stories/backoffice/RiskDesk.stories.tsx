import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { PageOptions } from '../../shared/backoffice/html';
import type { Money, Say } from '../../shared/backoffice/views';
import {
  controlsView,
  exposureView,
  resultsView,
  riskNav,
  signalsView,
  traderView,
  type ControlsViewData,
  type ExposureViewData,
  type ResultsViewData,
  type SignalsViewData,
} from '../../shared/backoffice/risk-views';
import { ServerPage, type Screen } from './server-page';

/**
 * The risk desk's pages as the server renders them (shared/backoffice/risk-views.ts), with the
 * back office's stylesheet and the story's language. Forms post nowhere; the exposure page's
 * script does not run here (markup set as HTML runs no script). What operators typed (reasons, a
 * tournament's name) is in Russian in Russian and in English in any other language.
 */
function RiskScreen({ screen }: { screen: Screen }) {
  return <ServerPage namespace="risk" screen={screen} />;
}

const CSRF = 'f'.repeat(64);
const riskScreen =
  (current: string, titleKey: string, body: (say: Say, money: Money, language: string) => PageOptions['body'], flash: PageOptions['flash'] = null): Screen =>
  (say, money, t, language) => ({
    title: say(titleKey),
    nav: riskNav(say, current),
    signOut: { label: t('support.backoffice.sign_out'), csrf: CSRF },
    flash,
    body: body(say, money, language),
  });
/** An operator's text as typed: Russian in Russian, English otherwise. */
const typed = (language: string, russian: string, english: string) => (language === 'ru' ? russian : english);

const NOW = Date.parse('2026-11-25T12:00:00Z');
const exposure: ExposureViewData = {
  wallet: 'main',
  rows: [
    { pair_id: 'eurusd', symbol: 'EUR/USD', direction: 'up', bucket: '60', bets: 14, stakes_cents: 42_000, pays_if_all_win_cents: 77_280, pays_if_price_holds_cents: 51_520 },
    { pair_id: 'eurusd', symbol: 'EUR/USD', direction: 'down', bucket: '300', bets: 3, stakes_cents: 9_000, pays_if_all_win_cents: 16_920, pays_if_price_holds_cents: 0 },
    { pair_id: 'gbpusd', symbol: 'GBP/USD', direction: 'up', bucket: 'later', bets: 1, stakes_cents: 100_000, pays_if_all_win_cents: 185_000, pays_if_price_holds_cents: 100_000 },
  ],
  stakes_cents: 151_000,
  pays_if_all_win_cents: 279_200,
  pays_if_price_holds_cents: 151_520,
  worst_case_cents: 128_200,
  house_limit_cents: 150_000,
  history: Array.from({ length: 61 }, (_, i) => ({ t: NOW - (60 - i) * 60_000, worst_case_cents: Math.round(40_000 + 88_200 * (i / 60) ** 2) })),
};
const results = (language: string): ResultsViewData => ({
  range: { from: '2026-11-19', to: '2026-11-25' },
  byDay: ['19', '20', '21', '22', '23', '24', '25'].map((d, i) => ({ key: `2026-11-${d}`, bets: 300 + i * 20, stakes_cents: 900_000, returned_cents: 900_000 - (i === 3 ? -120_000 : 60_000 + i * 5000), house_cents: i === 3 ? -120_000 : 60_000 + i * 5000 })),
  byPair: [
    { key: 'EUR/USD', bets: 1400, stakes_cents: 4_200_000, returned_cents: 3_950_000, house_cents: 250_000 },
    { key: 'GBP/USD', bets: 700, stakes_cents: 2_100_000, returned_cents: 2_180_000, house_cents: -80_000 },
  ],
  byWallet: [
    { key: 'demo', bets: 9100, stakes_cents: 27_300_000, returned_cents: 26_100_000, house_cents: 1_200_000 },
    { key: 'main', bets: 2100, stakes_cents: 6_300_000, returned_cents: 6_130_000, house_cents: 170_000 },
    { key: 'tournament', bets: 800, stakes_cents: 2_400_000, returned_cents: 2_350_000, house_cents: 50_000 },
  ],
  byTournament: [{ key: '4', name: typed(language, 'Осенний кубок', 'Autumn Cup'), entries: 17, fees_cents: 25_500, prizes_cents: 50_000, house_cents: -24_500 }],
  total_house_cents: 170_000,
});
const signals: SignalsViewData = {
  range: { from: '2026-11-19', to: '2026-11-25' },
  alpha: 0.001,
  fastBetMs: 300,
  winRate: [{ account_id: '1048576', email: 'lucky@example.com', bets: 23, wins: 23, p: 1 / 1.8, pValue: 1.3e-6 }],
  fastBets: [{ account_id: '1048533', email: 'quick@example.com', fast: 40, favourable: 34, pValue: 5.5e-6 }],
  shared: [
    { kind: 'ip', address: '203.0.113.7', accounts: ['1048590', '1048591', '1048592', '1048593'], last_seen_at: new Date('2026-11-25T11:52:00Z') },
    { kind: 'device', address: null, accounts: ['1048601', '1048602', '1048603'], last_seen_at: new Date('2026-11-25T10:17:00Z') },
  ],
  cycles: [{ account_id: '1048544', email: 'cycle@example.com', deposits_cents: 500_000, withdrawals_cents: 490_000, stakes_cents: 2_000 }],
};
const controls = (language: string): ControlsViewData => ({
  pairs: [
    { id: 'eurusd', symbol: 'EUR/USD', payout_percent: 88, active: true },
    { id: 'gbpusd', symbol: 'GBP/USD', payout_percent: 80, active: false },
  ],
  houseLimitCents: 150_000,
  alpha: 0.001,
  fastBetMs: 300,
  traders: [{ account_id: '1048576', email: 'lucky@example.com', max_stake_cents: 2000, suspended_reason: typed(language, 'Запрошены документы', 'Documents requested') }],
  // As desk-controls.ts writes them: a pair's payout and state, the house's and a trader's limits in cents, the signals' settings.
  audit: [
    { id: 4, action: 'signals.settings', target: 'house', details: { before: { false_alarm_rate: 0.01, fast_bet_ms: 300 }, after: { false_alarm_rate: 0.001, fast_bet_ms: 300 } }, reason: typed(language, 'Меньше ложных тревог', 'Fewer false alarms'), created_at: new Date('2026-11-25T11:55:00Z'), operator: 'risk@example.com' },
    { id: 3, action: 'pair.suspend', target: 'gbpusd', details: { before: { payout: 80, active: true }, after: { payout: 80, active: false } }, reason: typed(language, 'Разрыв в котировках', 'Feed gap'), created_at: new Date('2026-11-25T11:40:00Z'), operator: 'risk@example.com' },
    { id: 2, action: 'trader.stake_limit', target: '1048576', details: { before: null, after: 2000 }, reason: typed(language, 'Новый счёт', 'New account'), created_at: new Date('2026-11-25T10:05:00Z'), operator: 'risk@example.com' },
    { id: 1, action: 'house.limit', target: 'house', details: { before: null, after: 150_000 }, reason: typed(language, 'Запуск', 'Launch'), created_at: new Date('2026-11-25T09:00:00Z'), operator: 'risk@example.com' },
  ],
  page: 1,
  more: false,
});

const meta = {
  title: 'Back office/RiskDesk',
  // A server-rendered back-office page: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: RiskScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RiskScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Exposure: Story = {
  args: { screen: riskScreen('exposure', 'exposure.title', (say, money, language) => exposureView(say, money, exposure, language)) },
  play: async ({ canvas }) => {
    const nav = within(canvas.getByRole('navigation', { name: 'Бэк-офис' }));
    await expect(nav.getByRole('link', { name: 'Риск' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('img', { name: 'Худший случай за последний час' })).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(4);
  },
};

export const ExposureEmpty: Story = {
  args: { screen: riskScreen('exposure', 'exposure.title', (say, money, language) => exposureView(say, money, { ...exposure, rows: [], stakes_cents: 0, pays_if_all_win_cents: 0, pays_if_price_holds_cents: 0, worst_case_cents: 0, house_limit_cents: null, history: exposure.history.map((p) => ({ ...p, worst_case_cents: 0 })) }, language)) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Открытых ставок нет.')).toBeVisible();
  },
};

export const Results: Story = {
  args: { screen: riskScreen('results', 'results.title', (say, money, language) => resultsView(say, money, results(language), language)) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Скачать CSV' })).toHaveAttribute('href', '/backoffice/risk/results.csv?from=2026-11-19&to=2026-11-25');
    await expect(canvas.getByRole('img', { name: 'По дням (реальные деньги)' })).toBeVisible();
  },
};

export const ResultsEmpty: Story = {
  args: {
    screen: riskScreen('results', 'results.title', (say, money, language) =>
      resultsView(say, money, { ...results(language), byDay: [], byPair: [], byWallet: [], byTournament: [], total_house_cents: 0 }, language),
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('За этот период ничего не рассчитано.')).toHaveLength(4);
  },
};

export const Signals: Story = {
  args: { screen: riskScreen('signals', 'signals.title', (say, money, language) => signalsView(say, money, signals, language)) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '1048576' })).toHaveAttribute('href', '/backoffice/risk/traders/1048576');
    await expect(canvas.getByText('23 / 23')).toBeVisible();
    await expect(canvas.getByText('0,0000055')).toBeVisible();
  },
};

export const SignalsNone: Story = {
  args: { screen: riskScreen('signals', 'signals.title', (say, money, language) => signalsView(say, money, { ...signals, winRate: [], fastBets: [], shared: [], cycles: [] }, language)) },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('Ничего не найдено.')).toHaveLength(4);
  },
};

export const Controls: Story = {
  args: { screen: riskScreen('controls', 'controls.title', (say, money, language) => controlsView(say, money, controls(language), CSRF, language)) },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: 'Приостановить' })).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: 'Возобновить' })).toBeVisible();
    await expect(canvas.getByText('Разрыв в котировках')).toBeVisible();
    await expect(canvas.getByText('Торговля: Открыта → Приостановлена')).toBeVisible();
    await expect(canvas.getByText('Доля ложных тревог: 0,01 → 0,001')).toBeVisible();
  },
};

export const ControlRefused: Story = {
  args: {
    screen: (say, money, t, language) =>
      riskScreen('controls', 'controls.title', () => controlsView(say, money, controls(language), CSRF, language), { kind: 'error', text: `${say('field.payout')}: ${say('error.amount')}` })(
        say,
        money,
        t,
        language,
      ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Выплата');
  },
};

export const Trader: Story = {
  args: {
    screen: riskScreen('controls', 'controls.title', (say, money, language) =>
      traderView(say, money, {
        account_id: '1048576',
        email: 'lucky@example.com',
        maxStakeCents: 2000,
        suspendedReason: typed(language, 'Запрошены документы', 'Documents requested'),
        bets: [
          { id: 912, wallet_type: 'main', symbol: 'EUR/USD', digits: 5, direction: 'up', amount_cents: 2000, payout_percent: 88, status: 'won', opened_at: new Date(NOW - 90_000), open_tick_id: 55_001, open_tick_t: NOW - 90_000, open_rate: 1.08412, close_tick_id: 55_031, close_tick_t: NOW - 60_000, close_rate: 1.08431, returned_cents: 3760 },
          { id: 913, wallet_type: 'main', symbol: 'EUR/USD', digits: 5, direction: 'down', amount_cents: 2000, payout_percent: 88, status: 'open', opened_at: new Date(NOW - 10_000), open_tick_id: 55_081, open_tick_t: NOW - 10_000, open_rate: 1.08401, close_tick_id: null, close_tick_t: null, close_rate: null, returned_cents: null },
        ],
      }, CSRF, language),
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Торговля приостановлена: Запрошены документы/)).toBeVisible();
    await expect(canvas.getByText('1,08412')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Возобновить торговлю' })).toBeVisible();
  },
};
