import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { BetResultNotification } from '../../src/ui/trading/BetResultNotification';
import { closedBets } from '../../tests/msw/trading-fixtures';
import { onPhone } from '../support/layout-checks';
import { TRADE_BAR_HEIGHT } from '../../src/ui/stitches.config';

const meta = {
  title: 'Patterns/Trading/BetResultNotification',
  component: BetResultNotification,
  args: { bet: closedBets[0]!, onDismiss: fn() },
} satisfies Meta<typeof BetResultNotification>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Won: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByTestId('bet-result')).toHaveTextContent('Ставка выиграла: EUR/USD');
    await userEvent.click(canvas.getByRole('button', { name: 'Закрыть уведомление' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};
export const Lost: Story = {
  args: { bet: closedBets[1]! },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('bet-result')).toHaveTextContent('Ставка проиграла');
  },
};
export const Refund: Story = { args: { bet: closedBets[2]! } };
export const Queued: Story = {
  args: { queued: 2 },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('bet-result')).toHaveTextContent('Ещё 2 результата');
  },
};
/** A result of a wallet other than the one in use names its wallet. */
export const OtherWallet: Story = {
  args: { otherWallet: 'main' },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('bet-result')).toHaveTextContent('На счёте «Основной», а не на текущем');
  },
};
export const CompactLayout: Story = { ...onPhone };


/**
 * With the trade bar docked (one-column room) the card floats just above it: the stake and Up/Down
 * stay uncovered, and so does the chart's top edge with the expiry flags.
 */
export const AboveTradeBar: Story = {
  args: { queued: 1 },
  parameters: { viewport: { defaultViewport: 'phone' } },
  decorators: [
    (Story) => (
      <>
        <Story />
        <section
          data-trade-bar=""
          aria-label="Новая ставка"
          style={{ position: 'fixed', left: 0, right: 0, bottom: 0, height: TRADE_BAR_HEIGHT }}
        />
      </>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    const card = canvas.getByTestId('bet-result').getBoundingClientRect();
    const bar = canvasElement.ownerDocument.querySelector('[data-trade-bar]')!.getBoundingClientRect();
    await expect(card.bottom).toBeLessThanOrEqual(bar.top);
    await expect(card.left).toBeGreaterThanOrEqual(0);
    await expect(card.right).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** From 992px the card sits in the bottom-left corner, away from the slip in the right column. */
export const InCorner: Story = {
  parameters: { viewport: { defaultViewport: 'desktop' } },
  play: async ({ canvas }) => {
    const card = canvas.getByTestId('bet-result').getBoundingClientRect();
    await expect(card.right).toBeLessThan(window.innerWidth / 2);
  },
};
