import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { Header } from '../src/ui/Header';
import { Logo } from '../src/ui/Logo';
import {
  LONG_EMAIL,
  LONG_TITLE,
  account,
  headerMenu,
  languages,
  storyNotifications,
  wallets,
} from './support/shell-fixtures';
import { fixtureText } from './support/fixture-text';

const meta = {
  title: 'Patterns/Shell/Header',
  component: Header,
  subcomponents: { Logo },
  args: {
    menu: headerMenu,
    languages,
    locale: 'ru',
    account: null,
    burgerOpen: false,
    onNavigate: fn(),
    onLanguageChange: fn(),
    onWalletSelect: fn(),
    onDemoReset: fn(),
    onCopy: fn(),
    onLogout: fn(),
    onNotificationClose: fn(),
    onBurgerToggle: fn(),
  },
  parameters: { viewport: { defaultViewport: 'desktop' } },
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Anonymous: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Главное меню' });
    const titles = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    await expect(titles).toEqual(['Платформа', 'Стратегии', 'О платформе', 'Поддержка']);
    await expect(canvas.getByRole('link', { name: /на главную/ })).toHaveAttribute('href', '/');
    await userEvent.click(canvas.getByRole('link', { name: 'Войти' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/login');
    await userEvent.click(canvas.getByRole('link', { name: 'Регистрация' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/signup');
    await expect(canvas.queryByRole('link', { name: 'Пополнить' })).toBeNull();
  },
};


export const SignedIn: Story = {
  args: { account },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('link', { name: /на главную/ })).toHaveAttribute('href', '/home');
    await expect(canvas.getByRole('button', { name: /Реальный/ })).toHaveTextContent(/1\s250,50\s\$/);
    await expect(canvas.getByRole('button', { name: 'Уведомления, непрочитанных: 6' })).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Пополнить' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/deposit');
    await userEvent.click(canvas.getByRole('link', { name: 'Вывести' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/withdraw');
    await expect(canvas.queryByRole('link', { name: 'Войти' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Открыть меню' })).toBeNull();
  },
};


export const WithLatestNotification: Story = {
  args: { account: { ...account, latestNotification: storyNotifications[0]! } },
  play: async ({ args, canvas, userEvent }) => {
    const card = canvas.getByRole('region', { name: 'Последнее уведомление' });
    await userEvent.click(within(card).getByRole('link'));
    await expect(args.onNavigate).toHaveBeenCalledWith('/finances');
    await userEvent.click(within(card).getByRole('button', { name: 'Закрыть уведомление' }));
    await expect(args.onNotificationClose).toHaveBeenCalledWith('n-1');
  },
};

export const DemoWallet: Story = {
  args: { account: { ...account, currentWallet: 'demo' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Демо/ })).toHaveTextContent(/9\s875,25\s\$/);
  },
};

export const NoNotifications: Story = {
  args: { account: { ...account, notifications: [], supportUnread: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Уведомления' })).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    menu: [...headerMenu, { title: fixtureText({
        ru: 'Очень длинный пункт меню для проверки переноса',
        en: 'A very long menu item to check the wrapping',
        'pt-BR': 'Um item de menu muito longo para testar a quebra de linha',
        es: 'Un elemento de menú muy largo para comprobar el salto de línea',
        tr: 'Satır kaydırmayı denemek için çok uzun bir menü öğesi',
        id: 'Item menu yang sangat panjang untuk menguji pemenggalan baris',
        vi: 'Một mục menu rất dài để kiểm tra việc xuống dòng',
        hi: 'लाइन टूटने की जाँच के लिए बहुत लंबा मेनू आइटम',
        ar: 'عنصر قائمة طويل جدًا لاختبار التفاف النص',
        'zh-CN': '一个很长的菜单项，用于检查换行',
      }), url: 'strategy/long', order: 4 }],
    account: {
      ...account,
      user: { email: LONG_EMAIL, accountId: '9876543210123' },
      wallets: wallets.map((w) => (w.wallet_type === 'main' ? { ...w, amount: 123456789.99 } : w)),
      latestNotification: { ...storyNotifications[1]!, title: LONG_TITLE },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: /Реальный/ })).toHaveTextContent(/123\s456\s789,99/);
    // The long texts still fit in one row at the desktop width.
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** Nothing may stick out of a phone's width: the page would scroll sideways. */
async function expectNoSidewaysScroll(canvasElement: HTMLElement) {
  await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
}

export const Compact: Story = {
  args: { account },
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expectNoSidewaysScroll(canvasElement);
    // Deposit, withdraw, the user menu and the main menu move into the burger menu on phones.
    await expect(canvas.queryByRole('link', { name: 'Пополнить' })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Главное меню' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Профиль' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Открыть меню' }));
    await expect(args.onBurgerToggle).toHaveBeenCalledTimes(1);
  },
};

export const CompactMenuOpen: Story = {
  args: { account, burgerOpen: true },
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Открыть меню' })).toHaveAttribute('aria-expanded', 'true');
  },
};

export const CompactAnonymous: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expectNoSidewaysScroll(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Войти' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Регистрация' })).toBeVisible();
    // The language toggle waits in the burger menu, which visitors open too.
    await expect(canvas.queryByRole('menu', { name: 'Язык' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Открыть меню' }));
    await expect(args.onBurgerToggle).toHaveBeenCalledTimes(1);
  },
};

export const CompactLongText: Story = {
  args: LongText.args,
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }) => {
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** Resolves with the logo link once its image has loaded, so its size is the real one. */
async function loadedLogo(canvasElement: HTMLElement) {
  const logo = within(canvasElement).getByRole('link', { name: /на главную/ });
  const image = logo.querySelector('img')!;
  await waitFor(() => expect(image.naturalWidth).toBeGreaterThan(0));
  return logo;
}

/** The site's logo image (site_settings.logo_url) is cut to its emblem on phones. */
export const LogoImage: Story = {
  args: { logoUrl: '/logo.svg' },
  play: async ({ canvasElement }) => {
    const logo = await loadedLogo(canvasElement);
    await expect(logo.getBoundingClientRect().width).toBeGreaterThan(100);
  },
};

export const CompactLogoImage: Story = {
  args: { logoUrl: '/logo.svg' },
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }) => {
    const logo = await loadedLogo(canvasElement);
    await expectNoSidewaysScroll(canvasElement);
    await expect(logo.getBoundingClientRect().width).toBeLessThanOrEqual(40);
  },
};

/** Before the menus arrive (or if they fail) the bar keeps its height and its controls. */
export const MenusNotLoaded: Story = {
  args: { menu: [], account },
  play: async ({ canvas }) => {
    await expect(within(canvas.getByRole('navigation', { name: 'Главное меню' })).queryAllByRole('link')).toHaveLength(
      0,
    );
    await expect(canvas.getByRole('link', { name: 'Пополнить' })).toBeVisible();
  },
};

export const CompactFullLogo: Story = {
  args: { account },
  parameters: { viewport: { defaultViewport: 'tablet' } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expectNoSidewaysScroll(canvasElement);
    // The bar is as on phones, with room for the whole logo.
    await expect(canvas.queryByRole('navigation', { name: 'Главное меню' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Открыть меню' }));
    await expect(args.onBurgerToggle).toHaveBeenCalledTimes(1);
  },
};


/** From 992px to 1200px the main menu has a row of its own under the bar. */
export const MenuOnSecondRow: Story = {
  args: { account },
  parameters: { viewport: { defaultViewport: 'laptop' } },
  play: async ({ canvas, canvasElement }) => {
    await expectNoSidewaysScroll(canvasElement);
    const links = within(canvas.getByRole('navigation', { name: 'Главное меню' })).getAllByRole('link');
    for (const link of links) await expect(link).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Пополнить' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Открыть меню' })).toBeNull();
  },
};

export const MenuOnSecondRowLongText: Story = {
  args: LongText.args,
  parameters: { viewport: { defaultViewport: 'laptop' } },
  play: MenuOnSecondRow.play,
};

/**
 * The narrowest phone: the wallet's kind badge is drawn beside the amount, the wallet panel offers
 * Deposit and Withdraw and spans the width as a bottom sheet.
 */
export const CompactDemoWallet: Story = {
  args: { account: { ...account, currentWallet: 'demo' } },
  parameters: { viewport: { defaultViewport: 'narrow' } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expectNoSidewaysScroll(canvasElement);
    const badge = canvas.getByTestId('wallet-kind');
    await expect(badge).toHaveTextContent('Демо');
    await expect(badge.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.click(canvas.getByRole('button', { name: /Демо/ }));
    const panel = canvas.getByRole('menu', { name: 'Счета' });
    await expect(panel.getBoundingClientRect().left).toBe(0);
    await userEvent.click(within(panel).getByRole('menuitem', { name: 'Пополнить' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/deposit');
  },
};

/** From 992px the sound switch is in the user menu. */
export const SoundInUserMenu: Story = {
  args: { account, soundEnabled: true, onSoundToggle: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Профиль' }));
    await userEvent.click(canvas.getByRole('switch', { name: 'Звук' }));
    await expect(args.onSoundToggle).toHaveBeenCalledWith(false);
  },
};
