import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PeriodSelector } from '../../src/ui/trading/PeriodSelector';
import { pairListFixture } from '../../tests/msw/trading-fixtures';
import { onPhone } from '../support/layout-checks';

const meta = {
  title: 'Patterns/Trading/PeriodSelector',
  component: PeriodSelector,
  args: { intervals: pairListFixture.platform.intervals, value: 30, onChange: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PeriodSelector>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: '30 с' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: '5 мин' }));
    await expect(args.onChange).toHaveBeenCalledWith(300);
    await expect(canvas.getByRole('button', { name: '1 ч' })).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '1 мин' }));
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Empty: Story = { args: { intervals: [], value: null } };
export const CompactLayout: Story = { ...onPhone };

