import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect } from 'storybook/test';
import { ArticleRoute } from '../../../src/routes/content/article-route';
import { withApp } from '../../../.storybook/app-decorator';

const meta = {
  title: 'Screens/Content/Article',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: ArticleRoute,
  decorators: [withApp],
  args: { params: { name: 'license' } },
  parameters: { route: { path: '/company/license' } },
} satisfies Meta<typeof ArticleRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CompanyPage: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Лицензия и условия использования' })).toBeVisible();
  },
};

export const StrategyPage: Story = {
  args: { params: { name: 'trend-following' } },
  parameters: { route: { path: '/strategy/trend-following' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Следование за трендом' })).toBeVisible();
  },
};


/** A strategy the server does not know: the 404 page. */
export const UnknownStrategy: Story = {
  args: { params: { name: 'no-such-strategy' } },
  parameters: { route: { path: '/strategy/no-such-strategy' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
  },
};

/** The connection is down (the client's own retries included) until the story brings it back. */
const network = { down: true };

export const Failed: Story = {
  beforeEach({ msw }) {
    network.down = true;
    msw.use(http.get('*/api/content/article/:name', () => (network.down ? HttpResponse.error() : undefined)));
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Нет связи с сервером');
    network.down = false;
    await userEvent.click(canvas.getByRole('button', { name: 'Повторить' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Лицензия и условия использования' })).toBeVisible();
  },
};
