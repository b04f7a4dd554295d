import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ArticlePage } from '../../src/ui/content/ArticlePage';
import { onPhone } from '../support/layout-checks';

const meta = {
  title: 'Patterns/Content/ArticlePage',
  component: ArticlePage,
  args: {
    status: 'ready',
    title: 'Лицензия',
    html: '<p>Платформа работает по лицензии регулятора.</p><h2>Документы</h2><ul><li><a href="/company/payment">Платежи</a></li></ul>',
    onRetry: fn(),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ArticlePage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Лицензия' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Документы' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Платежи' })).toHaveAttribute('href', '/company/payment');
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article')).toHaveAttribute('aria-busy', 'true');
  },
};

export const Failed: Story = {
  args: { status: 'failed', problem: 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Нет связи с сервером');
    await userEvent.click(canvas.getByRole('button', { name: 'Повторить' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const LongText: Story = {
  args: {
    title: 'Политика обработки платежей, возвратов и вывода средств для клиентов платформы',
    html: `<p>${'Подробные условия обработки платежей. '.repeat(30)}</p><p><a href="/company/payment">https://example-trading-platform.com/very/long/path/without/any/breaks/whatsoever/receipt-2026-11-23-deposit-bank-card-visa-4242</a></p><table><thead><tr><th>Способ</th><th>Срок</th><th>Комиссия</th></tr></thead><tbody><tr><td>Банковская карта</td><td>до 3 рабочих дней</td><td>0%</td></tr></tbody></table>`,
  },
  ...onPhone,
};

