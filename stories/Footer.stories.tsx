import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Footer } from '../src/ui/Footer';
import { footerColumns } from './support/shell-fixtures';
import { onPhone } from './support/layout-checks';
import { fixtureText } from './support/fixture-text';

const meta = {
  title: 'Patterns/Shell/Footer',
  component: Footer,
  args: { homeHref: '/', columns: footerColumns, year: 2026, onNavigate: fn() },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const columns = [1, 2, 3, 4].map((n) => canvas.getByRole('navigation', { name: `Ссылки, колонка ${n}` }));
    await expect(within(columns[2]!).getAllByRole('link').map((l) => l.textContent)).toEqual(['Лицензия', 'Платёжная политика', 'О платформе']);
    await expect(canvas.getByText(/© 2026 FX Timed Bets/)).toBeVisible();
    await userEvent.click(within(columns[1]!).getByRole('link', { name: 'Вывод средств' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/withdraw');
  },
};

export const SortedByOrder: Story = {
  args: {
    columns: [
      [
        { title: fixtureText({ ru: 'Третий', en: 'Third', 'pt-BR': 'Terceiro', es: 'Tercero', tr: 'Üçüncü', id: 'Ketiga', vi: 'Thứ ba', hi: 'तीसरा', ar: 'الثالث', 'zh-CN': '第三' }), url: 'c', order: 3 },
        { title: fixtureText({ ru: 'Первый', en: 'First', 'pt-BR': 'Primeiro', es: 'Primero', tr: 'Birinci', id: 'Pertama', vi: 'Thứ nhất', hi: 'पहला', ar: 'الأول', 'zh-CN': '第一' }), url: 'a', order: 1 },
        { title: fixtureText({ ru: 'Второй', en: 'Second', 'pt-BR': 'Segundo', es: 'Segundo', tr: 'İkinci', id: 'Kedua', vi: 'Thứ hai', hi: 'दूसरा', ar: 'الثاني', 'zh-CN': '第二' }), url: 'b', order: 2 },
      ],
      [],
      [],
      [],
    ],
  },
  play: async ({ canvas }) => {
    const column = canvas.getByRole('navigation', { name: 'Ссылки, колонка 1' });
    await expect(within(column).getAllByRole('link').map((l) => l.textContent)).toEqual(['Первый', 'Второй', 'Третий']);
  },
};


export const WithLogoImage: Story = {
  args: { logoUrl: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="120" height="32"%3E%3Crect width="120" height="32" fill="%23c62828"/%3E%3C/svg%3E' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /на главную/ })).toHaveAttribute('href', '/');
  },
};

export const CompactLayout: Story = { ...onPhone };

export const MenusNotLoaded: Story = {
  args: { columns: [[], [], [], []] },
  play: async ({ canvas }) => {
    await expect(canvas.queryAllByRole('navigation')).toHaveLength(4);
    await expect(canvas.getByText(/© 2026/)).toBeVisible();
  },
};
