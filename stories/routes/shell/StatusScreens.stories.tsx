import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withApp } from '../../../.storybook/app-decorator';
import { ErrorContent } from '../../../src/routes/status/status-screens';
import { UnknownMiddlewareError } from '../../../src/routes/status/page-error';

/** The error page as the route outlet shows it for what a page threw. */
const meta = {
  title: 'Routes/Shell/Error page',
  component: ErrorContent,
  decorators: [withApp],
  parameters: { route: { path: '/deposit' } },
  args: { error: new Error('Не удалось загрузить данные страницы') },
} satisfies Meta<typeof ErrorContent>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An error without a status is a 500; its message is shown. */
export const DefaultStatus: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('500')).toBeVisible();
    await expect(canvas.getByText('Не удалось загрузить данные страницы')).toBeVisible();
  },
};

/** An answer's own status and translated message (an ApiError of a page's call). */
export const StatusFromTheError: Story = {
  args: { error: { status: 403, message: 'Недостаточно прав' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('403')).toBeVisible();
    await expect(canvas.getByText('Недостаточно прав')).toBeVisible();
  },
};

/** No message: the generic text. */
export const WithoutMessage: Story = {
  args: { error: {} },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Произошла ошибка. Попробуйте ещё раз позже.')).toBeVisible();
  },
};

/** A route whose guard names no known check. */
export const UnknownMiddleware: Story = {
  args: { error: new UnknownMiddlewareError('admin') },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Неизвестная проверка маршрута admin')).toBeVisible();
  },
};

export const UnknownMiddlewareInEnglish: Story = {
  globals: { locale: 'en' },
  args: { error: new UnknownMiddlewareError('admin') },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Unknown middleware admin')).toBeVisible();
  },
};
