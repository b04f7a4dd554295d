import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PurchasePanel } from '../../src/ui/money/PurchasePanel';
import { depositSystems, tournamentEntry } from '../../tests/msw/money-fixtures';
import { fixtureKey } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Money/PurchasePanel',
  component: PurchasePanel,
  args: {
    stage: 'choosing',
    product: tournamentEntry,
    systems: depositSystems,
    selectedId: null,
    onChoose: fn(),
    onPay: fn(),
    onRetry: fn(),
    onAgain: fn(),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PurchasePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { stage: 'loading', product: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeVisible();
  },
};

export const Choosing: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: /^Оплатить$|^Pay$/ })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: /Банковская карта/ }));
    await expect(args.onChoose).toHaveBeenCalledWith(1);
  },
};

export const SystemChosen: Story = {
  args: { selectedId: 1 },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Оплатить$|^Pay$/ }));
    await expect(args.onPay).toHaveBeenCalledTimes(1);
  },
};

export const Paying: Story = {
  args: { stage: 'paying', selectedId: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /^Оплатить$|^Pay$/ })).toBeDisabled();
  },
};

export const PayRefused: Story = {
  args: { selectedId: 1, problem: fixtureKey('money.error.product_not_found') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('недоступен');
  },
};

export const LoadFailed: Story = {
  args: { stage: 'loadFailed', product: null },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Повторить|Retry/ }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Owned: Story = {
  args: { stage: 'owned' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/Уже оплачено|Already paid/);
  },
};

export const NoProduct: Story = {
  args: { stage: 'noProduct', product: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeVisible();
  },
};

export const Waiting: Story = {
  args: { stage: 'waiting' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeVisible();
  },
};

export const Completed: Story = {
  args: { stage: 'completed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/турнире|tournament/);
  },
};

export const Failed: Story = {
  args: { stage: 'failed' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /снова|Try again/ }));
    await expect(args.onAgain).toHaveBeenCalledTimes(1);
  },
};
