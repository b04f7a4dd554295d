import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ActorTree } from '../../src/inspector/panel/ActorTree';
import { inPanel } from './panel-frame';

const meta = {
  title: 'Components/Inspector/ActorTree',
  // A widget of the Statecharts panel in Storybook's own manager, with the panel's styles and
  // headings under the panel's: its stories show it in that frame, a docs page would not.
  tags: ['!autodocs'],
  component: ActorTree,
  decorators: [inPanel],
  args: {
    actors: [
      { id: 'x:0', name: 'app', systemId: null, parentId: null, status: 'active', route: null, state: 'ready.idle' },
      { id: 'x:1', name: 'connectivity', systemId: 'connectivity', parentId: 'x:0', status: 'active', route: null, state: 'online' },
      { id: 'x:2', name: 'trading', systemId: null, parentId: null, status: 'active', route: '/home', state: 'running' },
      { id: 'x:3', name: 'betSlip', systemId: 'betSlip', parentId: 'x:2', status: 'active', route: '/home', state: 'editing' },
    ],
    selectedId: 'x:3',
    onSelect: fn(),
  },
} satisfies Meta<typeof ActorTree>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: /betSlip/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(canvas.getByRole('button', { name: /^trading/ }));
    await expect(args.onSelect).toHaveBeenCalledWith('x:2');
  },
};

export const NoActor: Story = {
  args: { actors: [], selectedId: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No actor is running.')).toBeInTheDocument();
  },
};
