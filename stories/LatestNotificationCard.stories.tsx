import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { LatestNotificationCard } from '../src/ui/LatestNotificationCard';
import { LONG_TITLE, storyNotifications } from './support/shell-fixtures';
import { onPhone } from './support/layout-checks';

const [success, warning, info, danger] = storyNotifications as [
  (typeof storyNotifications)[number],
  (typeof storyNotifications)[number],
  (typeof storyNotifications)[number],
  (typeof storyNotifications)[number],
];

const meta = {
  title: 'Patterns/Shell/LatestNotificationCard',
  component: LatestNotificationCard,
  args: { notification: success, onNavigate: fn(), onClose: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof LatestNotificationCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const card = canvas.getByRole('region', { name: 'Последнее уведомление' });
    await expect(card).toHaveAttribute('data-type', 'success');
    // The title is the server's sanitized HTML.
    await expect(card.querySelector('b')).toHaveTextContent('100,00 $');
    await userEvent.click(canvas.getByRole('link'));
    await expect(args.onNavigate).toHaveBeenCalledWith('/finances');
    await userEvent.click(canvas.getByRole('button', { name: 'Закрыть уведомление' }));
    await expect(args.onClose).toHaveBeenCalledWith('n-1');
  },
};
export const Warning: Story = { args: { notification: warning } };
export const Danger: Story = { args: { notification: danger } };
export const InfoWithoutLink: Story = {
  args: { notification: info },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};
export const LongText: Story = { args: { notification: { ...warning, title: LONG_TITLE } } };
export const CompactLayout: Story = { args: { notification: { ...warning, title: LONG_TITLE } }, ...onPhone };
