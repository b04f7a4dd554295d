import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { UpDownButtons } from '../../src/ui/trading/UpDownButtons';
import { onPhone } from '../support/layout-checks';

const meta = {
  title: 'Patterns/Trading/UpDownButtons',
  component: UpDownButtons,
  args: { payout: 85, winReturn: 18.5, onPlace: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof UpDownButtons>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /выше/i }));
    await expect(args.onPlace).toHaveBeenCalledWith('up');
    await userEvent.click(canvas.getByRole('button', { name: /ниже/i }));
    await expect(args.onPlace).toHaveBeenCalledWith('down');
    // The percentage is the profit, the amount what the trader gets: two words, never one for both.
    await expect(canvas.getAllByText(/^прибыль \+85\s%\s·\sвы получите 18,50\s\$$/)).toHaveLength(2);
  },
};

/** Without a valid stake only the profit percent shows. */
export const ProfitOnly: Story = {
  args: { winReturn: null },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(/^прибыль \+85\s%$/)).toHaveLength(2);
  },
};


export const Placing: Story = {
  args: { placing: 'up' },
  play: async ({ args, canvas, userEvent }) => {
    const up = canvas.getByRole('button', { name: /выше/i });
    await expect(up).toHaveAttribute('aria-busy', 'true');
    // Waiting, not disabled: focus stays on the pressed button (it is not dropped to the page).
    for (const button of canvas.getAllByRole('button')) await expect(button).toHaveAttribute('aria-disabled', 'true');
    up.focus();
    await userEvent.dblClick(up);
    await expect(up).toHaveFocus();
    await expect(args.onPlace).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true, winReturn: null },
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

export const CompactLayout: Story = { ...onPhone };

/** The largest stake's return: on a phone the text wraps inside each button. */
export const LargeReturn: Story = { ...onPhone, args: { payout: 92, winReturn: 1920 } };
