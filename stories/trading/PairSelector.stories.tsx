import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { PairSelector } from '../../src/ui/trading/PairSelector';
import { pairViews } from '../../tests/msw/trading-fixtures';
import { onPhone, onTablet } from '../support/layout-checks';

const meta = {
  title: 'Patterns/Trading/PairSelector',
  component: PairSelector,
  args: { pairs: pairViews, value: 'eurusd', onChange: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PairSelector>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: /EUR\/USD\s*\+85\s%/ });
    await userEvent.click(trigger);
    const panel = within(canvas.getByRole('dialog'));
    await expect(panel.getByRole('button', { name: /EUR\/USD/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(panel.getByRole('button', { name: /GBP\/JPY/ }));
    await expect(args.onChange).toHaveBeenCalledWith('gbpjpy');
  },
};

export const Search: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /EUR\/USD/ }));
    await userEvent.type(canvas.getByRole('searchbox'), 'jpy');
    const panel = within(canvas.getByRole('dialog'));
    await expect(panel.getAllByRole('button')).toHaveLength(3);
    await userEvent.clear(canvas.getByRole('searchbox'));
    await userEvent.type(canvas.getByRole('searchbox'), 'zzz');
    // The panel fades in.
    await waitFor(() => expect(panel.getByText('Ничего не найдено')).toBeVisible());
  },
};

export const InactivePair: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /EUR\/USD/ }));
    await expect(within(canvas.getByRole('dialog')).getByRole('button', { name: /NZD\/USD/ })).toBeDisabled();
  },
};

export const Loading: Story = { args: { loading: true } };

export const Empty: Story = {
  args: { pairs: [], value: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toBeDisabled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toBeDisabled();
  },
};

export const LongText: Story = {
  args: {
    pairs: [
      { ...pairViews[0]!, name: 'Евро против доллара США, спотовый рынок, часы электронных торгов' },
      ...pairViews.slice(1),
    ],
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /EUR\/USD/ }));
    await expect(canvas.getByText(/electronic trading hours/)).toBeInTheDocument();
  },
};

export const CompactLayout: Story = { ...onPhone };


export const MediumLayout: Story = { ...onTablet };
