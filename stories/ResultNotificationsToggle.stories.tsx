import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ResultNotificationsToggle } from '../src/ui/ResultNotificationsToggle';

const meta = {
  title: 'Patterns/Shell/ResultNotificationsToggle',
  component: ResultNotificationsToggle,
  args: { enabled: false, permission: 'default', onToggle: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof ResultNotificationsToggle>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const box = canvas.getByRole('checkbox', { name: /системными уведомлениями/ });
    await expect(box).not.toBeChecked();
    await userEvent.click(box);
    await expect(args.onToggle).toHaveBeenCalledWith(true);
  },
};

export const On: Story = {
  args: { enabled: true, permission: 'granted' },
  play: async ({ args, canvas, userEvent }) => {
    const box = canvas.getByRole('checkbox', { name: /системными уведомлениями/ });
    await expect(box).toBeChecked();
    await userEvent.click(box);
    await expect(args.onToggle).toHaveBeenCalledWith(false);
  },
};

export const Blocked: Story = {
  args: { enabled: true, permission: 'denied' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toBeDisabled();
    await expect(canvas.getByRole('note')).toHaveTextContent('Браузер запретил уведомления');
  },
};
