import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ArticleRoute } from '../../../src/routes/content/article-route';
import { withApp } from '../../../.storybook/app-decorator';
import { connectionDown, expectRetryFailsAgain } from '../../support/connection-down';

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

/** The connection stays down: the page says so, and Retry asks again and says so again. */
export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(connectionDown('*/api/content/article/:name'));
  },
  play: async (context) => {
    await expectRetryFailsAgain(context, '*/api/content/article/:name', 'Нет связи с сервером');
    await expect(context.canvas.queryByRole('heading', { level: 1, name: 'Лицензия и условия использования' })).toBeNull();
  },
};
