import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { NotificationCounter } from '../src/ui/NotificationCounter';

const meta = {
  title: 'Patterns/Shell/NotificationCounter',
  component: NotificationCounter,
  args: { count: 3, onClick: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof NotificationCounter>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Unread: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const bell = canvas.getByRole('button', { name: 'Уведомления, непрочитанных: 3' });
    await expect(bell.querySelector('[data-ringing]')).toHaveAttribute('data-ringing', 'true');
    // The bell animation repeats every 5 s.
    const animation = getComputedStyle(bell.querySelector('[data-ringing]')!);
    await expect(animation.animationDuration).toBe('5s');
    await expect(animation.animationIterationCount).toBe('infinite');
    await userEvent.click(bell);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const NoneUnread: Story = {
  args: { count: 0 },
  play: async ({ canvas }) => {
    const bell = canvas.getByRole('button', { name: 'Уведомления' });
    await expect(bell.querySelector('[data-ringing]')).toHaveAttribute('data-ringing', 'false');
    await expect(bell.querySelector('[aria-hidden="true"]:not(svg)')).toBeNull();
  },
};

export const Many: Story = {
  args: { count: 250 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Уведомления, непрочитанных: 250' })).toHaveTextContent(/99\+/);
  },
};

