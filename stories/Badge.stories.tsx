import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from '../src/ui/primitives/Badge';

/** A count or a status next to what it counts: open bets, an order's or a payment's status. */
const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: '3' },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('3')).toBeVisible();
  },
};
export const Secondary: Story = { args: { tone: 'secondary', children: 'Ожидает' } };
export const Success: Story = { args: { tone: 'success', children: 'Выигрыш' } };
export const Warning: Story = { args: { tone: 'warning', children: 'Проверка' } };
export const Danger: Story = { args: { tone: 'danger', children: 'Отклонён' } };
export const Gold: Story = { args: { tone: 'gold', children: 'Турнир' } };
export const Neutral: Story = { args: { tone: 'neutral', children: '0' } };
