import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SendEvent } from '../../src/inspector/panel/SendEvent';
import { inPanel } from './panel-frame';

const meta = {
  title: 'Components/Inspector/SendEvent',
  // A widget of the Statecharts panel in Storybook's own manager, with the panel's styles and
  // headings under the panel's: its stories show it in that frame, a docs page would not.
  tags: ['!autodocs'],
  component: SendEvent,
  decorators: [inPanel],
  args: {
    accepted: [
      { type: 'amount.change', guards: [], enabled: true },
      { type: 'bet.place', guards: ['canPlace'], enabled: false },
    ],
    onSend: fn(),
  },
} satisfies Meta<typeof SendEvent>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Accepting: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const payload = canvas.getByRole('textbox', { name: 'Payload (JSON)' });
    await userEvent.clear(payload);
    await userEvent.type(payload, '{{"value": "42"}');
    await userEvent.click(canvas.getByRole('button', { name: 'Send amount.change' }));
    await expect(args.onSend).toHaveBeenCalledWith({ type: 'amount.change', value: '42' });
  },
};

export const InvalidPayload: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const payload = canvas.getByRole('textbox', { name: 'Payload (JSON)' });
    await userEvent.clear(payload);
    await userEvent.type(payload, 'not json');
    await userEvent.click(canvas.getByRole('button', { name: 'Send amount.change' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('The payload is not JSON.');
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const NothingAccepted: Story = {
  args: { accepted: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The current state accepts no event.')).toBeInTheDocument();
  },
};
