import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EndTimeSelector, endTimeOptions } from '../../src/ui/trading/EndTimeSelector';
import { TRADING_NOW } from '../../tests/msw/trading-fixtures';
import { onPhone } from '../support/layout-checks';

const meta = {
  title: 'Patterns/Trading/EndTimeSelector',
  component: EndTimeSelector,
  args: { now: TRADING_NOW + 40_000, step: 60, cutoff: 30, value: null, onChange: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof EndTimeSelector>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    // 10:00:40 with a 30 s cutoff: 10:01:00 is closed (20 s away), the first offered end is 10:02.
    const [first] = endTimeOptions(args.now, 60, 30, 1);
    await expect(first).toBe(TRADING_NOW + 120_000);
    const select = canvas.getByRole('combobox');
    await userEvent.selectOptions(select, new Date(first!).toISOString());
    await expect(args.onChange).toHaveBeenCalledWith(new Date(first!).toISOString());
  },
};

export const PastCutoff: Story = {
  args: { value: new Date(TRADING_NOW + 60_000).toISOString() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('combobox')).toHaveAccessibleDescription(/когда до окончания остаётся 30 секунд/);
  },
};

export const Chosen: Story = { args: { value: new Date(TRADING_NOW + 180_000).toISOString() } };
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toBeDisabled();
  },
};
export const CompactLayout: Story = { ...onPhone };

