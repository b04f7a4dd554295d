import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Skeleton } from '../src/ui/primitives/Skeleton';

/** A grey block in the place and shape of content that is still loading, hidden from screen readers. */
const meta = {
  title: 'Components/Skeleton',
  component: Skeleton,
  args: { width: '16rem' },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A line of text. */
export const Text: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-hidden="true"]')).not.toBeNull();
  },
};
/** A chart, a table or a list while it loads. */
export const Box: Story = { args: { shape: 'box', height: '6rem' } };
/** An avatar or a round button. */
export const Circle: Story = { args: { shape: 'circle', width: '2.5rem', height: '2.5rem' } };
