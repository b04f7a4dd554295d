import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from '../src/ui/primitives/Badge';
import { fixtureKey, fixtureText } from './support/fixture-text';

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
export const Secondary: Story = { args: { tone: 'secondary', children: fixtureKey('support.backoffice.deposits.status_pending') } };
export const Success: Story = { args: { tone: 'success', children: fixtureKey('limits.statement.status.won') } };
export const Warning: Story = { args: { tone: 'warning', children: fixtureText({
  ru: 'Проверка',
  en: 'Review',
  'pt-BR': 'Em análise',
  es: 'En revisión',
  tr: 'İnceleme',
  id: 'Ditinjau',
  vi: 'Đang kiểm tra',
  hi: 'समीक्षा',
  ar: 'مراجعة',
  'zh-CN': '审核中',
}) } };
export const Danger: Story = { args: { tone: 'danger', children: fixtureKey('trading.orders.status.refused') } };
export const Gold: Story = { args: { tone: 'gold', children: fixtureKey('money.tournament.title') } };
export const Neutral: Story = { args: { tone: 'neutral', children: '0' } };
