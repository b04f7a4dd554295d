import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { TournamentPanel } from '../../src/ui/money/TournamentPanel';
import { leaderboard, paidTournament, weeklyTournament, yourRow } from '../../tests/msw/money-fixtures';
import { onPhone } from '../support/layout-checks';
import { fixtureKey, fixtureText } from '../support/fixture-text';

/** Two days, three hours and five minutes before the weekly tournament ends. */
const now = Date.parse(weeklyTournament.ends_at) - ((2 * 24 + 3) * 60 + 5) * 60_000;

/** A tournament whose name is too long for one line. */
const WINTER_CUP = fixtureText({
  ru: 'Зимний кубок трейдеров с длинным названием',
  en: 'The Winter Traders Cup with a long name',
  'pt-BR': 'Copa de Inverno dos Traders com um nome longo',
  es: 'Copa de Invierno de Traders con un nombre largo',
  tr: 'Uzun adlı Kış Yatırımcıları Kupası',
  id: 'Piala Musim Dingin Trader dengan nama panjang',
  vi: 'Cúp Mùa đông dành cho nhà giao dịch có tên dài',
  hi: 'लंबे नाम वाला ट्रेडर्स विंटर कप',
  ar: 'كأس الشتاء للمتداولين ذات الاسم الطويل',
  'zh-CN': '名称很长的交易者冬季杯',
});

const meta = {
  title: 'Patterns/Money/TournamentPanel',
  component: TournamentPanel,
  args: { tournament: weeklyTournament, leaderboard, you: null, now, onJoin: fn(), onRetry: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof TournamentPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotJoined: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(/2 д\. 3 ч 5 мин|2d 3h 5m/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Участвовать|Join/ }));
    await expect(args.onJoin).toHaveBeenCalledTimes(1);
  },
};

export const Joining: Story = {
  args: { joining: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Участвовать|Join/ })).toBeDisabled();
  },
};

export const JoinedOutsideTop: Story = {
  args: { tournament: { ...weeklyTournament, joined: true }, you: yourRow },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('tournament-rank')).toHaveTextContent('12');
    await expect(canvas.getAllByRole('row')).toHaveLength(leaderboard.length + 2);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const JoinedInTop: Story = {
  args: {
    tournament: { ...weeklyTournament, joined: true },
    leaderboard: leaderboard.map((row) => (row.rank === 2 ? { ...row, is_you: true } : row)),
    you: { ...leaderboard[1]!, is_you: true },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('row')).toHaveLength(leaderboard.length + 1);
    await expect(canvas.getByText(/\((вы|you)\)/)).toBeVisible();
  },
};

export const PaidEntry: Story = {
  args: { tournament: paidTournament },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Оплатить участие|Pay the entry/ })).toBeVisible();
  },
};

/** More than one tournament runs: the trader picks the one shown; the shown one is chosen. */
export const SeveralRunning: Story = {
  args: { choices: [weeklyTournament, paidTournament], onSelect: fn() },
  play: async ({ args, canvas, userEvent }) => {
    const group = within(canvas.getByRole('radiogroup', { name: /Идущие турниры|Running tournaments/ }));
    await expect(group.getByRole('radio', { name: weeklyTournament.name })).toBeChecked();
    await userEvent.click(group.getByRole('radio', { name: paidTournament.name }));
    await expect(args.onSelect).toHaveBeenCalledWith(paidTournament.id);
    // One Tab stop: the shown one; the arrow keys choose the next.
    group.getByRole('radio', { name: weeklyTournament.name }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onSelect).toHaveBeenLastCalledWith(paidTournament.id);
  },
};

/** Playing in another running tournament: the rule that blocks joining shows instead of the button. */
export const JoinBlockedByAnother: Story = {
  args: { choices: [{ ...weeklyTournament, joined: true }, paidTournament], tournament: paidTournament, onSelect: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('tournament-join-blocked')).toHaveTextContent('Вы уже участвуете в другом турнире');
    await expect(canvas.queryByRole('button', { name: /Участвовать|Оплатить/ })).toBeNull();
  },
};

/** A phone: the choice of tournaments, the facts and the leaderboard fit without sideways scrolling. */
export const SeveralRunningStacked: Story = {
  args: { choices: [weeklyTournament, paidTournament, { id: 9, name: WINTER_CUP }], onSelect: fn(), you: yourRow, tournament: { ...weeklyTournament, joined: true } },
  ...onPhone,
};

/** One tournament runs: nothing to pick. */
export const OneRunning: Story = {
  args: { choices: [weeklyTournament] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('group')).toBeNull();
  },
};

export const EmptyLeaderboard: Story = {
  args: { leaderboard: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Ended: Story = {
  args: { tournament: { ...weeklyTournament, status: 'finished' }, now: Date.parse(weeklyTournament.ends_at) + 1000 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Завершён|Ended/)).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Loading: Story = {
  args: { tournament: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { tournament: null, problem: fixtureKey('money.tournament.error.not_found') },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Повторить|Retry/ }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const JoinRefused: Story = {
  args: {
    problem: fixtureText({
      ru: 'Вы уже участвуете в другом турнире',
      en: 'You are already taking part in another tournament',
      'pt-BR': 'Você já participa de outro torneio',
      es: 'Ya participas en otro torneo',
      tr: 'Zaten başka bir turnuvaya katılıyorsunuz',
      id: 'Anda sudah ikut turnamen lain',
      vi: 'Bạn đang tham gia một giải đấu khác',
      hi: 'आप पहले से दूसरे टूर्नामेंट में भाग ले रहे हैं',
      ar: 'أنت مشارك بالفعل في بطولة أخرى',
      'zh-CN': '您已在参加另一场锦标赛',
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('другом турнире');
  },
};
