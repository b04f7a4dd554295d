import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { PageOptions } from '../../shared/backoffice/html';
import {
  backofficeNav,
  conversationView,
  conversationsView,
  depositsView,
  exclusionsView,
  kycView,
  notifyForm,
  signInForm,
  tournamentsView,
  withdrawalsView,
  type ConversationRow,
  type DepositRow,
  type Money,
  type Say,
  type TournamentRow,
  type WithdrawalRow,
} from '../../shared/backoffice/views';
import type { Translate } from '../../src/shared/format';
import { supportThread } from '../../tests/msw/support-fixtures';
import { ServerPage, type Screen } from './server-page';

/**
 * The operators' back office as the server renders it (shared/backoffice/views.ts):
 * the same markup and stylesheet, with the story's language, so every page and state can be
 * reviewed and checked for accessibility without a server. Forms post nowhere here.
 */
function BackOfficeScreen({ screen }: { screen: Screen }) {
  return <ServerPage namespace="support.backoffice" screen={screen} />;
}

const CSRF = 'f'.repeat(64);
/** An operator's page: the top bar with the section marked, then the section. */
const operatorScreen =
  (current: string, titleKey: string, body: (say: Say, money: Money, t: Translate, language: string) => PageOptions['body'], flash: PageOptions['flash'] = null): Screen =>
  (say, money, t, language) => ({
    title: say(titleKey),
    nav: backofficeNav(say, current),
    signOut: { label: say('sign_out'), csrf: CSRF },
    flash,
    body: body(say, money, t, language),
  });

const conversations: ConversationRow[] = [
  { id: 12, kind: 'support', email: 'anna.petrova@example.com', account_id: '1048576', awaiting: 3, last_message_at: new Date('2026-11-23T09:41:00Z') },
  { id: 9, kind: 'manager', email: 'trader.with.a.rather.long.address@example.com', account_id: '1048511', awaiting: 0, last_message_at: new Date('2026-11-22T18:05:00Z') },
];
/** The payment systems by the names the server gives them in the operator's language. */
const withdrawals = (t: Translate): WithdrawalRow[] => [
  { id: 31, email: 'anna.petrova@example.com', account_id: '1048576', amount_cents: 5000, system: t('money.ps.card'), created_at: new Date('2026-11-23T10:02:00Z') },
  { id: 30, email: 'ivan@example.com', account_id: '1048533', amount_cents: 125_050, system: t('money.ps.usdt'), created_at: new Date('2026-11-23T08:15:00Z') },
];
const deposits = (t: Translate): DepositRow[] => [
  { id: 57, email: 'anna.petrova@example.com', account_id: '1048576', amount_cents: 10_000, system: t('money.ps.card'), provider: 'sandbox', status: 'completed', created_at: new Date('2026-11-23T10:12:00Z') },
  { id: 56, email: 'ivan@example.com', account_id: '1048533', amount_cents: 250_000, system: t('money.ps.usdt'), provider: 'sandbox', status: 'pending', created_at: new Date('2026-11-23T09:30:00Z') },
];
/** The paid one is named in Russian and in English, as an operator opens it; the server shows the reader's. */
const tournaments = (t: Translate, language: string): TournamentRow[] => [
  {
    id: 4, kind: 'special', name: language === 'ru' ? 'Осенний кубок' : 'Autumn Cup', starts_at: new Date('2026-11-23T12:00:00Z'), ends_at: new Date('2026-11-30T12:00:00Z'),
    entry_fee_cents: 1500, start_balance_cents: 300_000, prizes_cents: [30_000, 15_000, 5000], status: 'running', participants: 17,
  },
  {
    id: 3, kind: 'weekly', name: t('money.tournament.weekly_name'), starts_at: new Date('2026-11-23T00:00:00Z'), ends_at: new Date('2026-11-30T00:00:00Z'),
    entry_fee_cents: 0, start_balance_cents: 100_000, prizes_cents: [10_000, 5000, 2500], status: 'running', participants: 128,
  },
  {
    id: 1, kind: 'weekly', name: t('money.tournament.weekly_name'), starts_at: new Date('2026-11-16T00:00:00Z'), ends_at: new Date('2026-11-23T00:00:00Z'),
    entry_fee_cents: 0, start_balance_cents: 100_000, prizes_cents: [], status: 'finished', participants: 0,
  },
];

const meta = {
  title: 'Back office/Pages',
  // A server-rendered back-office page: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: BackOfficeScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof BackOfficeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignIn: Story = {
  args: { screen: (say) => ({ title: say('sign_in.title'), body: signInForm(say, CSRF) }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Вход в бэк-офис' })).toBeVisible();
    await expect(canvas.getByLabelText('Пароль')).toHaveAttribute('type', 'password');
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const SignInFailed: Story = {
  args: {
    screen: (say) => ({ title: say('sign_in.title'), flash: { kind: 'error', text: say('not_operator') }, body: signInForm(say, CSRF) }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Эта учётная запись не является учётной записью оператора');
  },
};

export const SignInCompact: Story = {
  ...SignIn,
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const Conversations: Story = {
  args: { screen: operatorScreen('conversations', 'conversations.title', (say) => conversationsView(say, conversations)) },
  play: async ({ canvas }) => {
    const nav = within(canvas.getByRole('navigation', { name: 'Бэк-офис' }));
    await expect(nav.getByRole('link', { name: 'Обращения' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'anna.petrova@example.com' })).toHaveAttribute('href', '/backoffice/conversations/12');
    await expect(canvas.getAllByRole('row')).toHaveLength(3);
  },
};

export const ConversationsEmpty: Story = {
  args: { screen: operatorScreen('conversations', 'conversations.title', (say) => conversationsView(say, [])) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Обращений пока нет')).toBeVisible();
  },
};

const thread = (say: Say, _money: Money, t: Translate, language: string) =>
  conversationView(say, { id: 12, account: '1048576', page: 1, pages: 2, items: supportThread }, CSRF, t, language);

export const Conversation: Story = {
  args: {
    screen: (say, money, t, language) => ({
      ...operatorScreen('conversations', 'conversations.title', thread)(say, money, t, language),
      title: say('conversation.title', { email: 'anna.petrova@example.com', kind: say('kind.support') }),
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem').length).toBeGreaterThanOrEqual(supportThread.length);
    await expect(canvas.getByRole('link', { name: 'Более ранние' })).toHaveAttribute('href', '/backoffice/conversations/12?page=2');
    await expect(canvas.getByLabelText('Ответ')).toBeVisible();
    await expect(canvas.getByLabelText('Файл 5')).toHaveAttribute('type', 'file');
    // File sizes as the trader's app writes them, in the operator's language.
    await expect(canvas.getByText('(47 КБ)')).toBeVisible();
    await expect(canvas.getByText('(1,4 МБ)')).toBeVisible();
  },
};

export const ReplyRefused: Story = {
  args: {
    screen: (say, money, t, language) => ({
      ...operatorScreen('conversations', 'conversations.title', thread, { kind: 'error', text: t('support.errors.too_many_files', { max: 5 }) })(say, money, t, language),
      title: say('conversation.title', { email: 'anna.petrova@example.com', kind: say('kind.support') }),
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).not.toBeEmptyDOMElement();
  },
};

export const Deposits: Story = {
  args: { screen: operatorScreen('deposits', 'deposits.title', (say, money, t) => depositsView(say, money, deposits(t))) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('columnheader', { name: 'Оплачено через провайдера' })).toBeVisible();
    const row = within(canvas.getAllByRole('row')[1]!);
    await expect(row.getByText('sandbox')).toBeVisible();
    await expect(row.getByText('Оплачено')).toBeVisible();
    await expect(row.getByText('Банковская карта (тест)')).toBeVisible();
  },
};

export const DepositsEmpty: Story = {
  args: { screen: operatorScreen('deposits', 'deposits.title', (say, money) => depositsView(say, money, [])) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Пополнений пока нет')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Exclusions: Story = {
  args: {
    screen: operatorScreen('exclusions', 'exclusions.title', (say, _money, _t, language) =>
      exclusionsView(say, [
        { email: 'anna@example.com', account_id: '10000042', kind: 'timeout_7d', excluded_at: new Date('2026-11-20T10:00:00Z'), excluded_until: new Date('2026-11-27T10:00:00Z') },
        { email: 'boris@example.com', account_id: '10000043', kind: 'until_date', excluded_at: new Date('2026-11-01T08:00:00Z'), excluded_until: new Date('2027-06-01T00:00:00Z') },
      ], language),
    ),
  },
  play: async ({ canvas }) => {
    const row = within(canvas.getAllByRole('row')[1]!);
    await expect(row.getByText('Перерыв на 7 дней')).toBeVisible();
    await expect(row.getByText('2026-11-27 10:00')).toBeVisible();
  },
};

export const Kyc: Story = {
  args: {
    screen: operatorScreen('kyc', 'kyc.title', (say) =>
      kycView(say, [{ id: 7, email: 'anna@example.com', account_id: '10000042', kind: 'address', name: 'bill.pdf', created_at: new Date('2026-11-24T09:30:00Z') }], 'c'.repeat(64)),
    ),
  },
  play: async ({ canvas }) => {
    const row = within(canvas.getAllByRole('row')[1]!);
    await expect(row.getByText('Подтверждение адреса')).toBeVisible();
    await expect(row.getByRole('link', { name: 'bill.pdf' })).toHaveAttribute('href', '/backoffice/kyc/7/file');
    await expect(row.getByRole('button', { name: 'Отклонить' })).toBeVisible();
    await expect(row.getByLabelText('Причина')).toBeVisible();
  },
};

export const KycEmpty: Story = {
  args: { screen: operatorScreen('kyc', 'kyc.title', (say) => kycView(say, [], 'c'.repeat(64))) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Нет документов на проверку')).toBeVisible();
  },
};

export const ExclusionsEmpty: Story = {
  args: { screen: operatorScreen('exclusions', 'exclusions.title', (say, _money, _t, language) => exclusionsView(say, [], language)) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Сейчас никто не в самоисключении')).toBeVisible();
  },
};

export const Withdrawals: Story = {
  args: { screen: operatorScreen('withdrawals', 'withdrawals.title', (say, money, t) => withdrawalsView(say, money, withdrawals(t), CSRF)) },
  play: async ({ canvas }) => {
    const row = within(canvas.getAllByRole('row')[1]!);
    await expect(row.getByText(/50,00\s\$/)).toBeVisible();
    await expect(row.getByText('Банковская карта (тест)')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Одобрить' })).toHaveAttribute('value', 'approve');
    await expect(row.getByRole('button', { name: 'Отклонить' })).toHaveAttribute('value', 'reject');
  },
};

export const WithdrawalsEmpty: Story = {
  args: {
    screen: (say, money, t, language) =>
      operatorScreen('withdrawals', 'withdrawals.title', () => withdrawalsView(say, money, [], CSRF), { kind: 'ok', text: say('withdrawals.approved', { id: 31 }) })(say, money, t, language),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Вывод №31 одобрен');
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Tournaments: Story = {
  args: { screen: operatorScreen('tournaments', 'tournaments.title', (say, money, t, language) => tournamentsView(say, money, tournaments(t, language), CSRF, language)) },
  play: async ({ canvas }) => {
    const rows = canvas.getAllByRole('row');
    await expect(rows).toHaveLength(4);
    await expect(within(rows[1]!).getByText('платный вход')).toBeVisible();
    await expect(within(rows[2]!).getByText('Бесплатно')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Открыть турнир с платным входом' })).toBeVisible();
    // The start is typed in the language's order of day, month and year, not in the browser's picker.
    await expect(canvas.getByLabelText('Начало (UTC)')).toHaveAttribute('placeholder', '31.12.2026 18:00');
    await expect(canvas.getByLabelText('Начало (UTC)')).not.toHaveAttribute('type');
  },
};

export const TournamentRefused: Story = {
  args: {
    screen: operatorScreen(
      'tournaments',
      'tournaments.title',
      (say, money, _t, language) =>
        tournamentsView(say, money, [], CSRF, language, { name: 'Зимний кубок', starts_at: '01.12.2026 10:00', ends_at: '30.11.2026 10:00', entry_fee: '20' }),
      { kind: 'error', text: 'Окончание (UTC): должно быть позже начала' },
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Окончание (UTC): должно быть позже начала');
    // The name is written per language: the Russian field keeps what was typed.
    await expect(within(canvas.getByRole('group', { name: 'Название' })).getByLabelText('Русский')).toHaveValue('Зимний кубок');
    await expect(canvas.getByLabelText('Взнос, USD')).toHaveValue('20');
    await expect(canvas.getByText('Турниров пока нет')).toBeVisible();
  },
};

/** A start the server cannot read as a date and time (a 13th month): the refusal says how to write it. */
export const TournamentDateUnreadable: Story = {
  args: {
    screen: (say, money, t, language) =>
      operatorScreen('tournaments', 'tournaments.title', () => tournamentsView(say, money, [], CSRF, language, { starts_at: '31.13.2026 18:00', entry_fee: '20' }), {
        kind: 'error',
        text: `${say('tournaments.starts_at')}: ${t('support.backoffice.tournaments.error.date_time')}`,
      })(say, money, t, language),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Начало (UTC): введите дату и время так: 31.12.2026 18:00');
    await expect(canvas.getByLabelText('Начало (UTC)')).toHaveValue('31.13.2026 18:00');
  },
};

/** Without a name in either language: the refusal names the field, the English name stays as typed. */
export const TournamentNameMissing: Story = {
  args: {
    screen: operatorScreen(
      'tournaments',
      'tournaments.title',
      (say, money, _t, language) => tournamentsView(say, money, [], CSRF, language, { name: '', name_en: '', entry_fee: '20' }),
      { kind: 'error', text: 'Название: напишите хотя бы на одном языке' },
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Название: напишите хотя бы на одном языке');
    const name = within(canvas.getByRole('group', { name: 'Название' }));
    await expect(name.getByLabelText('Русский')).toHaveAttribute('lang', 'ru');
    await expect(name.getByLabelText('Английский')).toHaveAttribute('lang', 'en');
  },
};

/** The text is written per language: the trader reads their own, the other one when theirs is empty. */
export const Notify: Story = {
  args: { screen: operatorScreen('notify', 'notify.title', (say) => notifyForm(say, CSRF)) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Вид' })).toHaveValue('info');
    await expect(canvas.getAllByRole('option')).toHaveLength(4);
    const text = within(canvas.getByRole('group', { name: 'Текст' }));
    await expect(text.getByRole('textbox', { name: 'Русский' })).toHaveAttribute('name', 'title');
    await expect(text.getByRole('textbox', { name: 'Английский' })).toHaveAttribute('name', 'title_en');
    await expect(text.getByText(/на своём языке/)).toBeVisible();
  },
};

export const NotifySent: Story = {
  args: {
    screen: operatorScreen('notify', 'notify.title', (say) => notifyForm(say, CSRF), { kind: 'ok', text: 'Уведомление отправлено: anna.petrova@example.com' }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('anna.petrova@example.com');
  },
};

