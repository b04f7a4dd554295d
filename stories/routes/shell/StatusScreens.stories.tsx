import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withApp } from '../../../.storybook/app-decorator';
import { ApiError } from '../../../src/api/client';
import { ErrorContent } from '../../../src/routes/status/status-screens';
import { UnknownMiddlewareError } from '../../../src/routes/status/page-error';

/** The error page as the route outlet shows it for what a page threw. */
const meta = {
  title: 'Screens/Shell/Error page',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: ErrorContent,
  decorators: [withApp],
  parameters: { route: { path: '/deposit' } },
  args: { error: new Error('Request failed with status code 502 Bad Gateway: GET https://example.test/api/deposit/ps') },
} satisfies Meta<typeof ErrorContent>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A program's error (here a request's, naming its URL): a 500 with the generic text; the trader never reads the program's message. */
export const DefaultStatus: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('500')).toBeVisible();
    await expect(canvas.getByText('Произошла ошибка. Попробуйте ещё раз позже.')).toBeVisible();
    await expect(canvasElement.textContent).not.toContain('/api/');
  },
};

/** An answer's own status and translated message (an ApiError of a page's call). */
export const StatusFromTheError: Story = {
  args: { error: new ApiError('forbidden', { status: 403, message: 'Недостаточно прав' }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('403')).toBeVisible();
    await expect(canvas.getByText('Недостаточно прав')).toBeVisible();
  },
};

/** A response's status with no message of its own: that status over the generic text. */
export const WithoutMessage: Story = {
  args: { error: { response: { status: 503 } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('503')).toBeVisible();
    await expect(canvas.getByText('Произошла ошибка. Попробуйте ещё раз позже.')).toBeVisible();
  },
};

/** A route whose guard names no known check: the page says so in the user's words, the console names the guard. */
export const UnknownMiddleware: Story = {
  args: { error: new UnknownMiddlewareError('admin') },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Эта страница сейчас не открывается из-за ошибки в настройках сайта.')).toBeVisible();
    await expect(canvas.queryByText(/admin/)).toBeNull();
  },
};
