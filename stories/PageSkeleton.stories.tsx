import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PageSkeleton } from '../src/ui/PageSkeleton';
import { onPhone } from './support/layout-checks';
import { fixtureKey } from './support/fixture-text';

/** What shows while the app starts (with the header's bar) or a page's code loads. */
const meta = {
  title: 'Patterns/Shell/PageSkeleton',
  component: PageSkeleton,
  args: { label: fixtureKey('shell.loading') },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PageSkeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The app's start: header bar, chart and slip blocks, never a blank screen. */
export const Starting: Story = {
  args: { withHeader: true },
  play: async ({ canvas }) => {
    const skeleton = canvas.getByRole('status', { name: 'Загрузка' });
    await expect(skeleton).toHaveAttribute('aria-busy', 'true');
    await expect(skeleton.getBoundingClientRect().height).toBeGreaterThan(300);
  },
};

export const PageLoading: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Загрузка' })).toBeVisible();
  },
};

export const CompactLayout: Story = { ...onPhone, args: { withHeader: true } };
