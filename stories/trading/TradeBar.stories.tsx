import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { FundsActions } from '../../src/ui/money/FundsActions';
import { AmountInput } from '../../src/ui/trading/AmountInput';
import { TradeBar } from '../../src/ui/trading/TradeBar';
import { UpDownButtons } from '../../src/ui/trading/UpDownButtons';
import { expectNoSidewaysScroll } from '../support/layout-checks';
import { storyI18n } from '../../.storybook/i18n';
import { formatDuration } from '../../src/shared/duration';
import { fixtureFor, fixtureKey } from '../support/fixture-text';

const amount = (error?: string) => (
  <AmountInput
    value="10"
    onChange={fn()}
    incButtons={[1, 5, 10]}
    onIncrement={fn()}
    onDecrement={fn()}
    min={1}
    max={1000}
    error={error}
    compact
    describedBy="trade-bar-story-status"
  />
);

const MIN_STAKE = fixtureKey('trading.slip.error.amount_min', { min: 1 });
/** The refusal as the trading room writes it: its title, then the server's reason. */
const REFUSED = fixtureFor((locale) => {
  const t = storyI18n.getFixedT(locale);
  return `${t('trading.slip.failed')}. ${t('trading.slip.error.balance')}`;
});

const meta = {
  title: 'Patterns/Trading/TradeBar',
  component: TradeBar,
  args: {
    amount: amount(),
    duration: fixtureFor((locale) => formatDuration(30, locale, 'short')),
    actions: <UpDownButtons payout={88} winReturn={18.8} onPlace={fn()} />,
    statusId: 'trade-bar-story-status',
    openCount: 0,
    onTimeOpen: fn(),
    onOpenBets: fn(),
  },
  parameters: { layout: 'fullscreen', viewport: { defaultViewport: 'phone' } },
} satisfies Meta<typeof TradeBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Docked at the bottom: the stake, the time, Up and Down with the payout, and the open bets' count. */
export const Default: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const bar = canvas.getByRole('region', { name: 'Новая ставка' });
    const box = bar.getBoundingClientRect();
    await expect(Math.round(box.bottom)).toBe(window.innerHeight);
    await expect(box.width).toBe(window.innerWidth);
    await expect(canvas.getByLabelText('Сумма ставки, USD')).toHaveValue('10');
    // The height the block before them keeps (WaitingForPairs).
    await expect(canvas.getByRole('button', { name: /Выше/ }).getBoundingClientRect().height).toBe(62);
    await userEvent.click(canvas.getByRole('button', { name: 'Время ставки: 30 с' }));
    await expect(args.onTimeOpen).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Открытые ставки 0' }));
    await expect(args.onOpenBets).toHaveBeenCalledTimes(1);
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** Two bets running: the count on the button, which opens their sheet from the keyboard too. */
export const WithOpenBets: Story = {
  args: { openCount: 2 },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Открытые ставки 2' });
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpenBets).toHaveBeenCalledTimes(1);
  },
};

/** The stake's error in the status line: the bar keeps its height, Up and Down do not move. */
export const WithError: Story = {
  args: {
    amount: amount(MIN_STAKE),
    status: <span style={{ color: '#ff8a80' }}>{MIN_STAKE}</span>,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Сумма ставки, USD')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Сумма ставки, USD')).toHaveAccessibleDescription(MIN_STAKE);
    const bar = canvas.getByRole('region', { name: 'Новая ставка' });
    await expect(Math.round(bar.getBoundingClientRect().height)).toBe(172);
  },
};

/** A refusal with its close button beside the status line. */
export const WithRefusal: Story = {
  args: { status: <span>{REFUSED}</span>, onStatusDismiss: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Закрыть уведомление' }));
    await expect(args.onStatusDismiss).toHaveBeenCalledTimes(1);
  },
};

/**
 * The pairs are still loading: a block in the place of Up and Down, of their height, so nothing in
 * the bar moves when they come.
 */
export const WaitingForPairs: Story = {
  args: { actions: null },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('button', { name: /Выше/ })).toBeNull();
    const block = canvasElement.querySelector('[data-up-down] > [aria-hidden="true"]');
    await expect(block?.getBoundingClientRect().height).toBe(62);
  },
};

/** No time chosen yet (the end-time mode before a choice). */
export const NoTime: Story = {
  args: { duration: '' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Выбрать время' })).toBeVisible();
  },
};

export const Placing: Story = {
  args: { actions: <UpDownButtons payout={88} winReturn={18.8} onPlace={fn()} placing="up" />, disabled: true },
  play: async ({ canvas }) => {
    // While the bet is on its way the time cannot change under it.
    await expect(canvas.getByTestId('trade-bar-time')).toBeDisabled();
    await expect(canvas.getByRole('button', { name: /Выше/ })).toHaveAttribute('aria-busy', 'true');
  },
};


/** The narrowest phone: everything fits in 320px. */
export const SmallestFit: Story = {
  args: { openCount: 12 },
  parameters: { viewport: { defaultViewport: 'narrow' } },
  play: async ({ canvasElement }) => expectNoSidewaysScroll(canvasElement),
};

/**
 * Short of money on the narrowest phone: the way forward (demo, deposit) is one row inside the
 * bar, above the screen's bottom edge, and the open bets' button is its clock and count.
 */
const switchToDemo = fn();
export const ShortOfMoney: Story = {
  args: { status: <FundsActions onSwitchToDemo={switchToDemo} onDeposit={fn()} />, openCount: 3 },
  parameters: { viewport: { defaultViewport: 'narrow' } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const bar = canvas.getByRole('region', { name: 'Новая ставка' }).getBoundingClientRect();
    const ways = canvas.getByRole('group', { name: 'Как получить деньги на ставку' });
    for (const button of [...ways.querySelectorAll('button'), canvas.getByRole('button', { name: 'Открытые ставки 3' })]) {
      const box = button.getBoundingClientRect();
      await expect(box.bottom).toBeLessThanOrEqual(bar.bottom);
      await expect(box.top).toBeGreaterThanOrEqual(bar.top);
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Перейти на демо-счёт' }));
    await expect(switchToDemo).toHaveBeenCalledTimes(1);
    await expectNoSidewaysScroll(canvasElement);
  },
};

