import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { focusInside } from '../support/focus';
import { BetConfirmModal } from '../../src/ui/trading/BetConfirmModal';
import { onPhone } from '../support/layout-checks';
import { formatDuration } from '../../src/shared/duration';
import { fixtureFor } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Trading/BetConfirmModal',
  component: BetConfirmModal,
  args: {
    open: true,
    symbol: 'EUR/USD',
    direction: 'up',
    amount: 10,
    payout: 85,
    duration: fixtureFor((locale) => formatDuration(30, locale, 'short')),
    winReturn: 18.5,
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof BetConfirmModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement, userEvent }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog');
    await expect(dialog).toHaveTextContent('EUR/USD');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Поставить выше' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const Down: Story = {
  args: { direction: 'down' },
  play: async ({ args, canvasElement, userEvent }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog');
    await focusInside(dialog);
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(dialog).toHaveTextContent('Ниже');
  },
};

export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog');
    await expect(within(dialog).getByRole('button', { name: 'Отмена' })).toBeDisabled();
  },
};

export const CompactLayout: Story = { ...onPhone };

