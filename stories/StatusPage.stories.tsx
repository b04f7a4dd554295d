import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { useTranslation } from 'react-i18next';
import { LastResortPage } from '../src/routes/status/status-screens';
import { ErrorPage, ErrorPageFallback, NotFoundPage, SiteBlockedScreen, type NotFoundPageProps } from '../src/ui/StatusPage';
import { onPhone } from './support/layout-checks';

type MessagePageProps = NotFoundPageProps & { status: number; messageKey: string; repeat?: number; onRetry?: () => void };

/**
 * The error page with a message in the workbench's language, as a route gives it (the server's
 * words, or a guard it does not know: the user's words, never the guard's name); a message
 * repeated `repeat` times ends with an unbroken reference code.
 */
function MessagePage({ messageKey, repeat = 1, ...props }: MessagePageProps) {
  const { t } = useTranslation();
  const reference = repeat > 1 ? ` ${'730591284'.repeat(12)}` : '';
  return <ErrorPage message={`${Array.from({ length: repeat }, () => t(messageKey)).join(' ')}${reference}`} {...props} />;
}

/** The last-resort page in the built-in texts of the workbench's language. */
function LastResort() {
  const { i18n } = useTranslation();
  return <LastResortPage language={i18n.language} />;
}

/** The 404 page, the error page, its last-resort fallback and the site-blocked screen. */
const meta = {
  title: 'Patterns/Shell/StatusPage',
  component: NotFoundPage,
  subcomponents: { ErrorPage, ErrorPageFallback, SiteBlockedScreen },
  args: { homeHref: '/', onNavigate: fn() },
} satisfies Meta<typeof NotFoundPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'На главную' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/');
  },
};

export const NotFoundSignedIn: Story = {
  args: { homeHref: '/home' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/home');
  },
};


export const NotFoundCompact: Story = { ...onPhone };

export const ServerError: Story = {
  render: (args) => <ErrorPage status={500} homeHref={args.homeHref} onNavigate={args.onNavigate} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Что-то пошло не так' })).toBeVisible();
    await expect(canvas.getByText('500')).toBeVisible();
    // Without a message of its own the page says what happened in general terms.
    await expect(canvas.getByText('Произошла ошибка. Попробуйте ещё раз позже.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Повторить' })).toBeNull();
  },
};

/** A route whose guard names no known check: the page says so in the user's words, not the guard's name. */
export const UnknownMiddleware: Story = {
  render: (args) => <MessagePage status={500} messageKey="app.unknown-middleware" homeHref={args.homeHref} onNavigate={args.onNavigate} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Эта страница сейчас не открывается из-за ошибки в настройках сайта.')).toBeVisible();
  },
};

const retry = fn();
export const WithRetry: Story = {
  render: (args) => (
    <MessagePage status={503} messageKey="app.health-down" homeHref={args.homeHref} onNavigate={args.onNavigate} onRetry={retry} />
  ),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('503')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Повторить' }));
    await expect(retry).toHaveBeenCalledTimes(1);
  },
};

export const ErrorLongMessage: Story = {
  render: (args) => <MessagePage status={502} messageKey="app.health-down" repeat={8} homeHref={args.homeHref} onNavigate={args.onNavigate} />,
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }) => {
    // A long message with an unbroken reference code wraps instead of widening the page.
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};


export const ErrorPageFailed: Story = {
  render: () => <LastResort />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Не удалось показать страницу ошибки' })).toBeVisible();
    // A plain page load, since the router may be what failed.
    await expect(canvas.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
  },
};

export const SiteBlocked: Story = {
  render: () => <SiteBlockedScreen supportEmail="support@fx-timed-bets.example" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('main')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Сайт временно недоступен' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'support@fx-timed-bets.example' })).toHaveAttribute(
      'href',
      'mailto:support@fx-timed-bets.example',
    );
  },
};

export const SiteBlockedWithoutContact: Story = {
  render: () => <SiteBlockedScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Сайт временно недоступен' })).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};
