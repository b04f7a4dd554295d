import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { withApp } from '../../../.storybook/app-decorator';
import { AppScreen } from '../../../src/App';
import { authCheckAs } from '../../../tests/msw/auth';
import { anonymousUser, signedInUser, siteSettings } from '../../../tests/msw/fixtures';
import { ok } from '../../../tests/msw/respond';
import { pointerFocusLeft } from '../../support/focus';

/** Lazy chunks (pages, the burger menu, the logout dialog) load on first use; a failed start waits out ky's retries. */
const slow = { timeout: 10_000 };

/**
 * The whole app screen at a path (header, page, footer, overlays), on the real root actor and
 * api over the shared msw handlers: what the shell shows for visitors and traders, the status
 * screens, and the start that fails.
 */
const meta = {
  title: 'Screens/Shell/Pages',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: AppScreen,
  decorators: [withApp],
  parameters: { route: { path: '/' } },
} satisfies Meta<typeof AppScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const signedIn: Story['beforeEach'] = ({ msw }) => {
  msw.use(authCheckAs(signedInUser));
};

export const LandingVisitor: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Торгуйте валютными парами за минуты' })).toBeVisible();
    const header = canvas.getByRole('banner');
    await expect(within(header).getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    await expect(within(header).queryByRole('link', { name: 'Пополнить' })).toBeNull();
    const footer = canvas.getByRole('contentinfo');
    await expect(within(footer).getByText(new RegExp(String(new Date().getFullYear())))).toBeVisible();
  },
};

export const LandingFirst: Story = {
  parameters: {
    route: { path: '/landing/first' },
    sameFrameAs: { story: 'LandingVisitor', why: 'the landing answers at a second address as well; this story checks that the address opens it' },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Торгуйте валютными парами за минуты' })).toBeVisible();
  },
};

/** A trader on the landing: wallet, deposit and withdraw in the header, the platform as the next step. */
export const LandingSignedIn: Story = {
  beforeEach: signedIn,
  play: async ({ canvas }) => {
    const header = within(await canvas.findByRole('banner'));
    // The amount shows the balance once the user arrives.
    const wallet = await header.findByRole('button', { name: /Реальный/ }, slow);
    await waitFor(() => expect(wallet).toHaveTextContent(/1\s250,50\s\$/), slow);
    await expect(header.getByRole('link', { name: 'Пополнить' })).toHaveAttribute('href', '/deposit');
    await expect(header.queryByRole('link', { name: 'Войти' })).toBeNull();
  },
};

/** The user menu's Logout asks first; Close keeps the trader signed in. */
export const LogoutAsksFirst: Story = {
  beforeEach: signedIn,
  play: async ({ canvas, canvasElement, userEvent }) => {
    // The modal lives in a portal on the body.
    const page = within(canvasElement.ownerDocument.body);
    const header = within(await canvas.findByRole('banner'));
    await userEvent.click(await header.findByRole('button', { name: 'Профиль' }));
    // The menu fades in.
    await waitFor(() => expect(header.getByText('trader@example.com')).toBeVisible());
    await userEvent.click(header.getByRole('button', { name: 'Выйти' }));
    const dialog = await page.findByRole('dialog', { name: 'Выход из аккаунта' }, slow);
    await waitFor(() => expect(within(dialog).getByText('Вы уверены, что хотите выйти?')).toBeVisible());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(header.getByRole('link', { name: 'Пополнить' })).toBeVisible();
  },
};

/** Confirming logs out: the header turns to the visitor's. */
export const LogoutConfirmed: Story = {
  beforeEach: signedIn,
  play: async ({ canvas, canvasElement, userEvent }) => {
    const page = within(canvasElement.ownerDocument.body);
    const header = within(await canvas.findByRole('banner'));
    await userEvent.click(await header.findByRole('button', { name: 'Профиль' }));
    await userEvent.click(header.getByRole('button', { name: 'Выйти' }));
    const dialog = await page.findByRole('dialog', { name: 'Выход из аккаунта' }, slow);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Выйти' }));
    // The app goes to / once signed out, and the header may be drawn anew: it is looked up afresh.
    await waitFor(() => expect(within(canvas.getByRole('banner')).getByRole('link', { name: 'Войти' })).toBeVisible(), slow);
  },
};

/** A logout the network drops keeps the dialog open with the reason and the trader signed in, to try again. */
export const LogoutFails: Story = {
  beforeEach: ({ msw }) => {
    msw.use(authCheckAs(signedInUser), http.post('*/api/auth/logout', () => HttpResponse.error()));
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const page = within(canvasElement.ownerDocument.body);
    const header = within(await canvas.findByRole('banner'));
    await userEvent.click(await header.findByRole('button', { name: 'Профиль' }));
    await userEvent.click(header.getByRole('button', { name: 'Выйти' }));
    const dialog = within(await page.findByRole('dialog', { name: 'Выход из аккаунта' }, slow));
    await userEvent.click(dialog.getByRole('button', { name: 'Выйти' }));
    await expect(await dialog.findByRole('alert', {}, slow)).toHaveTextContent('Нет связи с сервером');
    await expect(header.getByRole('link', { name: 'Пополнить' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Выйти' })).toBeEnabled();
    await pointerFocusLeft(canvasElement);
  },
};

export const NotFound: Story = {
  parameters: { route: { path: '/no/such/page' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
  },
};


/** A page whose own check of its params fails shows the 404 page without asking the server. */
export const FailedPageValidation: Story = {
  parameters: {
    route: { path: '/company/unknown-page' },
    sameFrameAs: { story: 'NotFound', why: 'the state is how the page got there: its own check of the params fails, and it shows the same 404 page' },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  },
};

/** A signed-in-only page sends a visitor to the login page. */
export const GuardedPageForVisitor: Story = {
  parameters: { route: { path: '/finances' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('form', { name: 'Вход' }, slow)).toBeVisible();
  },
};

export const SiteBlocked: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/api/auth/check', () => ok({}, { user: anonymousUser, site_blocked: true, site_settings: siteSettings })));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Сайт временно недоступен' })).toBeVisible();
    await expect(canvas.queryByRole('banner')).toBeNull();
  },
};

/** The translations could not be loaded: a plain page says so in the built-in text of the user's language. */
export const StartFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/i18n/:code', () => new HttpResponse(null, { status: 503 })));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Не удалось загрузить приложение.' }, slow)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Обновить страницу' })).toHaveAttribute('href', '/');
  },
};

/** The server answers the auth check with an error: the error page offers to try again. */
export const StartFailedAfterTranslations: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/api/auth/check', () => HttpResponse.error()));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Что-то пошло не так' }, slow)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Повторить' })).toBeVisible();
  },
};

export const HealthCheck: Story = {
  parameters: { route: { path: '/local/healthcheck' } },
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/api/health', () => ok({ status: 'ok', db: true })));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Работает: сервер и база данных отвечают.', {}, slow)).toBeVisible();
  },
};

export const HealthCheckServerDown: Story = {
  parameters: { route: { path: '/local/healthcheck' } },
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/api/health', () => new HttpResponse(null, { status: 503 })));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Сервер не отвечает.', {}, slow)).toBeVisible();
  },
};

/** On a phone the burger opens the full-screen menu; any route change closes it. */
export const BurgerMenuOpen: Story = {
  beforeEach: signedIn,
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvas, userEvent }) => {
    const header = within(await canvas.findByRole('banner'));
    await userEvent.click(await header.findByRole('button', { name: 'Открыть меню' }));
    const menu = await canvas.findByRole('dialog', { name: 'Личный кабинет' }, slow);
    await waitFor(() => expect(within(menu).getByText('100245')).toBeVisible());
    // The menu's own link, not the footer's links of the same name the menu also lists.
    await userEvent.click(within(within(menu).getByRole('navigation', { name: 'Меню' })).getByRole('link', { name: 'Финансы' }));
    await waitFor(() => expect(canvas.queryByRole('dialog', { name: 'Личный кабинет' })).toBeNull());
  },
};
