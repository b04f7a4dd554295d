import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ChatList } from '../../src/ui/support/ChatList';
import { chats } from './fixtures';

const meta = {
  title: 'Support/ChatList',
  component: ChatList,
  args: { chats, selectedId: 1, onOpen: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ChatList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SupportOpen: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: /Служба поддержки/ })).toHaveAttribute('aria-current', 'true');
    await expect(canvas.getByLabelText('Непрочитанных: 1')).toBeVisible();
    await expect(canvas.getByText('Сообщений пока нет')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Персональный менеджер/ }));
    await expect(args.onOpen).toHaveBeenCalledWith(2);
  },
};

export const ManagerOpen: Story = {
  args: { selectedId: 2, chats: chats.map((c) => ({ ...c, unread: 0 })) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Персональный менеджер/ })).toHaveAttribute('aria-current', 'true');
    await expect(canvas.queryByLabelText(/Непрочитанных/)).toBeNull();
  },
};
