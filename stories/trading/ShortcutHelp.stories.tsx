import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { ShortcutHelp } from '../../src/ui/trading/ShortcutHelp';
import { fixtureKey } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Trading/ShortcutHelp',
  component: ShortcutHelp,
  args: {
    open: true,
    shortcuts: [
      { keys: ['u'], label: fixtureKey('trading.keys.up') },
      { keys: ['d'], label: fixtureKey('trading.keys.down') },
      { keys: ['+', '='], label: fixtureKey('trading.keys.amount_up') },
      { keys: [']'], label: fixtureKey('trading.keys.period_next') },
      { keys: ['?'], label: fixtureKey('trading.keys.help') },
    ],
    onClose: fn(),
  },
} satisfies Meta<typeof ShortcutHelp>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Open: every key with what it does, focus inside; Escape closes. */
export const Open: Story = {
  play: async ({ args, canvasElement, userEvent }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Горячие клавиши' });
    // The dialog fades in: its rows are there from the first frame.
    await expect(within(dialog).getByRole('row', { name: 'U Ставка выше' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('row', { name: /Увеличить сумму на шаг$/ })).toHaveTextContent(/^\+\s*или\s*=/);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Закрыть' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** Closed: nothing drawn. */
export const Closed: Story = {
  args: { open: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull();
  },
};
