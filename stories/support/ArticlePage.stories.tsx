import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ArticlePage } from '../../src/ui/content/ArticlePage';

const meta = {
  title: 'Content/ArticlePage',
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
