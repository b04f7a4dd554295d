import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ContextView } from '../../src/inspector/panel/ContextView';
import { inPanel } from './panel-frame';

const meta = {
  title: 'Components/Inspector/ContextView',
  // A widget of the Statecharts panel in Storybook's own manager, with the panel's styles and
  // headings under the panel's: its stories show it in that frame, a docs page would not.
  tags: ['!autodocs'],
  component: ContextView,
  decorators: [inPanel],
  args: {
    context: JSON.stringify({ amount: '42', balance: 10000, mode: 'interval' }, null, 2),
    changes: [
      { path: 'amount', kind: 'changed', before: '10', after: '42' },
      { path: 'rateId', kind: 'removed', before: 7 },
    ],
    eventType: 'amount.change',
  },
} satisfies Meta<typeof ContextView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Changed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Changed by amount.change' })).toHaveTextContent('~ amount: "10" → "42"');
  },
};

export const Unchanged: Story = {
  args: { changes: [], eventType: 'clock.tick' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nothing changed.')).toBeInTheDocument();
  },
};
