import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EventLog } from '../../src/inspector/panel/EventLog';
import { inPanel } from './panel-frame';

const meta = {
  title: 'Components/Inspector/EventLog',
  // A widget of the Statecharts panel in Storybook's own manager, with the panel's styles and
  // headings under the panel's: its stories show it in that frame, a docs page would not.
  tags: ['!autodocs'],
  component: EventLog,
  decorators: [inPanel],
  args: {
    rows: [
      { seq: 1, at: 0, actorId: 'x:3', actorName: 'betSlip', type: 'xstate.init', payload: '{}', state: 'editing' },
      { seq: 2, at: 120, actorId: 'x:3', actorName: 'betSlip', type: 'amount.change', payload: '{\n "value": "10"\n}', state: 'editing' },
      { seq: 3, at: 300, actorId: 'x:3', actorName: 'betSlip', type: 'bet.place', payload: '{\n "direction": "up"\n}', state: 'placing.waiting' },
    ],
    actors: [{ id: 'x:3', name: 'betSlip' }],
    types: ['amount.change', 'bet.place', 'xstate.init'],
    actorFilter: '',
    typeFilter: '',
    onActorFilter: fn(),
    onTypeFilter: fn(),
    selectedSeq: null,
    onSelect: fn(),
  },
} satisfies Meta<typeof EventLog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Recorded: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'bet.place' }));
    await expect(args.onSelect).toHaveBeenCalledWith(3);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Event' }), 'bet.place');
    await expect(args.onTypeFilter).toHaveBeenCalledWith('bet.place');
  },
};

export const TravelledBack: Story = {
  args: { selectedSeq: 2 },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Back to now' }));
    await expect(args.onSelect).toHaveBeenCalledWith(null);
  },
};

export const Empty: Story = {
  args: { rows: [], actors: [], types: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No event yet.')).toBeInTheDocument();
  },
};
