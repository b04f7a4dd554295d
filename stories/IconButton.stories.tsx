import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { CloseIcon } from '../src/ui/icons';
import { IconButton } from '../src/ui/primitives/IconButton';

/** A button that shows only an icon; its label is its accessible name and its tooltip. */
const meta = {
  title: 'Components/IconButton',
  component: IconButton,
  args: { label: 'Закрыть', onClick: fn(), children: <CloseIcon /> },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Закрыть' });
    await expect(button).toHaveAttribute('title', 'Закрыть');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
/** With a border, where it stands alone on a surface (the burger menu's close button). */
export const Bordered: Story = { args: { bordered: true } };
/** In a toast or a result card, next to text. */
export const Small: Story = { args: { size: 'sm', bordered: true } };

export const Disabled: Story = {
  args: { disabled: true, bordered: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Закрыть' })).toBeDisabled();
  },
};
