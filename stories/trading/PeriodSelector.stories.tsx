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
    await expect(canvas.getByRole('radiogroup', { name: 'Время ставки' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: '30 с' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: '5 мин' }));
    await expect(args.onChange).toHaveBeenCalledWith(300);
    await expect(canvas.getByRole('radio', { name: '1 ч' })).toBeVisible();
  },
};

/** A radio group: one Tab stop (the chosen duration), the arrow keys choose the next and back. */
export const ArrowKeys: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const radios = canvas.getAllByRole('radio');
    await expect(radios.filter((radio) => radio.tabIndex === 0)).toEqual([canvas.getByRole('radio', { name: '30 с' })]);
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: '30 с' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenLastCalledWith(pairListFixture.platform.intervals[1]);
    await userEvent.keyboard('{End}');
    await expect(args.onChange).toHaveBeenLastCalledWith(pairListFixture.platform.intervals.at(-1));
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: '1 мин' }));
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Empty: Story = { args: { intervals: [], value: null } };
export const CompactLayout: Story = { ...onPhone };

