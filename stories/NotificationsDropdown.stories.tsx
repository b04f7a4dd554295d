import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { NotificationsDropdown } from '../src/ui/NotificationsDropdown';
import { LONG_TITLE, storyNotifications } from './support/shell-fixtures';
import { onPhone } from './support/layout-checks';

const meta = {
  title: 'Patterns/Shell/NotificationsDropdown',
  component: NotificationsDropdown,
  args: { notifications: storyNotifications, supportUnread: 0, onNavigate: fn(), onClose: fn(), defaultOpen: true },
  decorators: [(Story) => <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16, minHeight: 520 }}><Story /></div>],
} satisfies Meta<typeof NotificationsDropdown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  args: { defaultOpen: false },
  play: async ({ canvas, userEvent }) => {
    const bell = canvas.getByRole('button', { name: 'Уведомления, непрочитанных: 4' });
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(bell);
    await expect(canvas.getByRole('dialog', { name: 'Уведомления' })).toBeInTheDocument();
  },
};

export const AllTypes: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const panel = canvas.getByRole('dialog', { name: 'Уведомления' });
    const entries = within(panel).getAllByRole('listitem');
    await expect(entries.map((e) => e.querySelector('[data-type]')?.getAttribute('data-type'))).toEqual(['success', 'warning', 'info', 'danger']);
    await userEvent.click(within(entries[0]!).getByRole('button', { name: 'Закрыть уведомление' }));
    await expect(args.onClose).toHaveBeenCalledWith('n-1');
    await userEvent.click(within(entries[1]!).getByRole('link'));
    await expect(args.onNavigate).toHaveBeenCalledWith('/withdraw');
    // Following a link closes the dropdown.
    await expect(canvas.queryByRole('dialog', { name: 'Уведомления' })).toBeNull();
  },
};

export const WithoutLink: Story = {
  args: { notifications: [storyNotifications[2]!] },
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('dialog', { name: 'Уведомления' });
    await expect(within(panel).getByText('Еженедельный турнир начнётся в понедельник')).toBeInTheDocument();
    await expect(within(panel).queryByRole('link')).toBeNull();
  },
};

export const SupportMessages: Story = {
  args: { supportUnread: 3 },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'Уведомления, непрочитанных: 7' })).toBeVisible();
    await expect(canvas.getByLabelText('Непрочитанных: 3')).toHaveTextContent('3');
    await userEvent.click(canvas.getByRole('link', { name: 'Новые сообщения от поддержки' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/support');
  },
};

export const OnlySupport: Story = {
  args: { notifications: [], supportUnread: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('Нет уведомлений')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Новые сообщения от поддержки' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { notifications: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Нет уведомлений')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Уведомления' })).toBeVisible();
  },
};


export const LongText: Story = {
  args: { notifications: [{ ...storyNotifications[1]!, title: LONG_TITLE }, ...storyNotifications.slice(2)] },
};

export const EscapeCloses: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(canvas.getByRole('button', { name: /Уведомления/ })).toHaveFocus();
  },
};

export const CompactLayout: Story = { ...onPhone };
