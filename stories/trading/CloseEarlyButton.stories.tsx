import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { CloseEarlyButton } from '../../src/ui/trading/CloseEarlyButton';
import { fixtureKey, fixtureText } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Trading/CloseEarlyButton',
  component: CloseEarlyButton,
  args: {
    phase: 'offered',
    amount: 12.5,
    error: null,
    betLabel: fixtureText({
      ru: 'EUR/USD, вверх, 10,00 $',
      en: 'EUR/USD, up, $10.00',
      'pt-BR': 'EUR/USD, alta, US$ 10,00',
      es: 'EUR/USD, sube, 10,00 US$',
      tr: 'EUR/USD, yukarı, $10,00',
      id: 'EUR/USD, naik, US$10,00',
      vi: 'EUR/USD, tăng, 10,00 US$',
      hi: 'EUR/USD, ऊपर, $10.00',
      ar: 'EUR/USD، صعود، 10.00 US$',
      'zh-CN': 'EUR/USD，上涨，US$10.00',
    }),
    onClose: fn(),
    onConfirm: fn(),
    onCancel: fn(),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof CloseEarlyButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A live offer with one-click mode off: the button names it, and pressing it asks to close. */
export const Offered: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: /^Закрыть за 12,50.*: EUR\/USD/ });
    await expect(button).toHaveTextContent(/Закрыть за 12,50/);
    await userEvent.click(button);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** One-click mode: the button says it sells now, without asking; pressing it closes at that offer. */
export const OneClickOffered: Story = {
  args: { oneClick: true },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: /^Закрыть сейчас за 12,50.*, без подтверждения: EUR\/USD/ });
    await expect(button).toHaveTextContent(/Закрыть сейчас за 12,50/);
    await userEvent.click(button);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** No offer (none yet, the link lost, the last seconds): nothing to press. */
export const Unavailable: Story = {
  args: { phase: 'unavailable', amount: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /^Нет предложения: EUR\/USD/ })).toBeDisabled();
  },
};

/** Asked once more, with the offer as it moves; Sell or Keep. */
export const Confirming: Story = {
  args: { phase: 'confirming', amount: 12.4 },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('group', { name: /Досрочное закрытие: EUR\/USD/ })).toHaveTextContent(/Продать за 12,40/);
    await userEvent.click(canvas.getByRole('button', { name: 'Продать' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Оставить' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** The offer lapsed while confirming: Sell waits for the next one. */
export const ConfirmingWithoutOffer: Story = {
  args: { phase: 'confirming', amount: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Продать' })).toBeDisabled();
  },
};

export const Closing: Story = {
  args: { phase: 'closing' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Закрываем за 12,50/ })).toHaveAttribute('aria-busy', 'true');
  },
};

/** Sold: said on the bet's row; the room's live region announces the result (once, with the balance). */
export const Closed: Story = {
  args: { phase: 'closed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('close-early')).toHaveTextContent(/Закрыта за 12,50/);
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** Refused: the server's reason, and the button again at the new offer. */
export const Refused: Story = {
  args: { phase: 'refused', amount: 12.3, error: fixtureKey('trading.error.close_quote_stale') },
  play: async ({ args, canvas, userEvent }) => {
    // Shown here, announced by the room's live region (not twice, by an alert of its own).
    await expect(canvas.getByTestId('close-early')).toHaveTextContent('Предложение изменилось');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /за 12,30/ }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** The sale never reached the server: a reason of our own. */
export const RefusedUnanswered: Story = {
  args: { phase: 'refused', error: '' },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('close-early')).toHaveTextContent('Не удалось закрыть ставку');
  },
};
