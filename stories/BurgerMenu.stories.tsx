import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { BurgerMenu } from '../src/ui/BurgerMenu';
import { Footer } from '../src/ui/Footer';
import { LONG_EMAIL, footerColumns, headerMenu, languages, storyNotifications, topMenu, user } from './support/shell-fixtures';
import { expectNoSidewaysScroll } from './support/layout-checks';
import { fixtureText } from './support/fixture-text';

const footer = <Footer homeHref="/home" columns={footerColumns} year={2026} onNavigate={() => undefined} />;

const meta = {
  title: 'Patterns/Shell/BurgerMenu',
  component: BurgerMenu,
  args: {
    open: true,
    account: { user, notifications: storyNotifications, supportUnread: 1 },
    links: topMenu,
    languages,
    locale: 'ru',
    soundEnabled: true,
    footer,
    onClose: fn(),
    onNavigate: fn(),
    onCopy: fn(),
    onLogout: fn(),
    onNotificationClose: fn(),
    onSoundToggle: fn(),
    onLanguageChange: fn(),
  },
  parameters: { viewport: { defaultViewport: 'phone' } },
} satisfies Meta<typeof BurgerMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('dialog', { name: 'Личный кабинет' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Закрыть меню' })).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Уведомления, непрочитанных: 5' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Скопировать: Номер счёта' }));
    await expect(args.onCopy).toHaveBeenCalledWith('100245', 'account_id');
    const menu = canvas.getByRole('navigation', { name: 'Меню' });
    await userEvent.click(within(menu).getByRole('link', { name: 'История ставок' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/history/bets');
    await userEvent.click(canvas.getByRole('switch', { name: 'Звук' }));
    await expect(args.onSoundToggle).toHaveBeenCalledWith(false);
    await userEvent.click(canvas.getByRole('menuitemradio', { name: 'English' }));
    await expect(args.onLanguageChange).toHaveBeenCalledWith('en');
    await userEvent.click(canvas.getByRole('button', { name: 'Выйти' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

export const Anonymous: Story = {
  args: { account: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('dialog', { name: 'Меню' })).toBeInTheDocument();
    // Counter, title, email, account id and logout only when signed in.
    await expect(canvas.queryByRole('button', { name: /Уведомления/ })).toBeNull();
    await expect(canvas.queryByText(user.email)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Выйти' })).toBeNull();
    await expect(canvas.getByRole('switch', { name: 'Звук' })).toBeInTheDocument();
  },
};

export const SoundOff: Story = {
  args: { soundEnabled: false },
  play: async ({ args, canvas, userEvent }) => {
    const toggle = canvas.getByRole('switch', { name: 'Звук' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await expect(args.onSoundToggle).toHaveBeenCalledWith(true);
  },
};

export const EscapeCloses: Story = {
  play: async ({ args, userEvent }) => {
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const Closed: Story = {
  args: { open: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

/** A visitor on a phone: the header's menu and the language toggle live here. */
export const VisitorChangesLanguage: Story = {
  args: { account: null, links: headerMenu },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expectNoSidewaysScroll(canvasElement);
    await expect(within(canvas.getByRole('navigation', { name: 'Меню' })).getByRole('link', { name: 'Стратегии' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('menuitemradio', { name: 'English' }));
    await expect(args.onLanguageChange).toHaveBeenCalledWith('en');
  },
};

export const LongText: Story = {
  args: {
    account: { user: { email: LONG_EMAIL, accountId: '98765432101234567890' }, notifications: storyNotifications, supportUnread: 120 },
    links: [...topMenu, { title: fixtureText({
        ru: 'Очень длинный пункт меню, который не помещается в одну строку на телефоне',
        en: 'A very long menu item that does not fit on one line on a phone',
        'pt-BR': 'Um item de menu muito longo que não cabe em uma linha no celular',
        es: 'Un elemento de menú muy largo que no cabe en una línea en el teléfono',
        tr: 'Telefonda tek satıra sığmayan çok uzun bir menü öğesi',
        id: 'Item menu yang sangat panjang yang tidak muat dalam satu baris di ponsel',
        vi: 'Một mục menu rất dài không vừa một dòng trên điện thoại',
        hi: 'एक बहुत लंबा मेनू आइटम जो फ़ोन पर एक पंक्ति में नहीं आता',
        ar: 'عنصر قائمة طويل جدًا لا يتسع في سطر واحد على الهاتف',
        'zh-CN': '一个在手机上一行放不下的很长的菜单项',
      }), url: 'settings/long', order: 99 }],
  },
  play: async ({ canvasElement }) => {
    await expectNoSidewaysScroll(canvasElement);
  },
};
