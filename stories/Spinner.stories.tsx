import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Spinner } from '../src/ui/primitives/Spinner';
import { VisuallyHidden } from '../src/ui/primitives/VisuallyHidden';
import { fixtureKey } from './support/fixture-text';

/**
 * Something is under way. With a label it is a status that screen readers announce (the label is
 * VisuallyHidden text); inside a busy button it has no label, the button says it is busy.
 */
const meta = {
  title: 'Components/Spinner',
  component: Spinner,
  subcomponents: { VisuallyHidden },
  args: { label: fixtureKey('shell.loading') },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Medium: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Загрузка');
  },
};
/** The size inside a button, next to its text. */
export const Small: Story = { args: { size: 'sm', label: undefined } };
export const Large: Story = { args: { size: 'lg' } };
