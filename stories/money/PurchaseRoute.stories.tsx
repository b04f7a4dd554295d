import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { useLocation } from 'wouter';
import { PurchaseRoute } from '../../src/routes/money/purchase-route';
import { TournamentPanel } from '../../src/routes/money/tournament-panel';
import { leaderboard, tournamentEntry, weeklyTournament, yourRow } from '../../tests/msw/money-fixtures';
import { ok } from '../../tests/msw/respond';
import { withMoneyApp } from './money-route-decorator';

const meta = {
  title: 'Screens/Money/Purchase',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: PurchaseRoute,
  decorators: [withMoneyApp],
  parameters: { route: { path: '/purchase?product_id=3' } },
} satisfies Meta<typeof PurchaseRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseASystem: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(tournamentEntry.name)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /USDT/ }));
    await expect(canvas.getByRole('button', { name: /^Оплатить$|^Pay$/ })).toBeEnabled();
  },
};

/** Back from a declined checkout with the purchase's id only: the server names what it bought, so it is offered again. */
export const BackFromDeclinedCheckout: Story = {
  parameters: { route: { path: '/purchase?purchase_id=5' } },
  beforeEach({ msw }) {
    msw.use(http.post('*/api/deposit/integration_json/check', () => ok({ status: 'failed' })));
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(/Оплата отклонена|payment was declined/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Попробовать снова|Try again/ }));
    await expect(await canvas.findByText(tournamentEntry.name)).toBeVisible();
  },
};

/** The router's path, shown so a story can see where a redirect went. */
function CurrentPath() {
  const [path] = useLocation();
  return <output data-testid="current-path">{path}</output>;
}

/** /purchase naming nothing to buy (an old menu link) goes to the tournaments page, never an empty page. */
export const NothingToBuy: Story = {
  parameters: { route: { path: '/purchase' } },
  render: () => (
    <>
      <PurchaseRoute />
      <CurrentPath />
    </>
  ),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByTestId('current-path')).toHaveTextContent('/tournaments'));
  },
};

/** The /home panel: joining the free weekly tournament shows the trader's rank. */
export const TournamentPanelJoin: Story = {
  render: () => <TournamentPanel />,
  beforeEach({ msw }) {
    let joined = false;
    const tournament = () => ({ ...weeklyTournament, joined });
    msw.use(
      http.get('*/api/tournament/current', () => ok({ tournament: tournament(), running: [tournament()] })),
      http.get('*/api/tournament/:id/leaderboard', () => ok({ tournament: tournament(), items: leaderboard, you: joined ? yourRow : null })),
      http.post('*/api/tournament/:id/join', () => {
        joined = true;
        return ok({ tournament: tournament(), you: yourRow });
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Участвовать|Join/ }));
    await expect(await canvas.findByTestId('tournament-rank')).toHaveTextContent('12');
    await expect(canvas.queryByRole('button', { name: /Участвовать|Join/ })).toBeNull();
  },
};
