import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { BurgerMenu } from '../src/ui/BurgerMenu';
import { Footer } from '../src/ui/Footer';
import type { HeaderAccount } from '../src/ui/Header';
import { Header } from '../src/ui/Header';
import { LandingPage } from '../src/ui/Landing';
// Aliased: the SkipLink story below shows it.
import { PageLayout, PageTitle, SkipLink as SkipLinkAnchor } from '../src/ui/Layout';
import { NotFoundPage } from '../src/ui/StatusPage';
import { Toasts } from '../src/ui/Toasts';
import { account, footerColumns, headerMenu, languages, topMenu } from './support/shell-fixtures';
import { fixtureText } from './support/fixture-text';

/**
 * The shell as the route containers assemble it: header, main content, footer and overlays.
 * Checked as one page so that landmarks and names stay unique across the widgets.
 */
interface ShellProps {
  signedIn: boolean;
  burgerOpen: boolean;
  bleed: boolean;
  content: 'landing' | 'not-found' | 'page';
  toast: string | null;
  onNavigate: (href: string) => void;
}

const ignore = () => undefined;

function Shell({ signedIn, burgerOpen, bleed, content, toast, onNavigate }: ShellProps) {
  const headerAccount: HeaderAccount | null = signedIn ? account : null;
  const homeHref = signedIn ? '/home' : '/';
  const footer = <Footer homeHref={homeHref} columns={footerColumns} year={2026} onNavigate={onNavigate} />;
  const pages: Record<ShellProps['content'], ReactNode> = {
    landing: <LandingPage authenticated={signedIn} onNavigate={onNavigate} />,
    'not-found': <NotFoundPage homeHref={homeHref} onNavigate={onNavigate} />,
    page: <PageTitle>Настройки</PageTitle>,
  };
  return (
    <PageLayout
      bleed={bleed}
      covered={burgerOpen}
      header={
        <Header
          menu={headerMenu}
          languages={languages}
          locale="ru"
          account={headerAccount}
          burgerOpen={burgerOpen}
          onNavigate={onNavigate}
          onLanguageChange={ignore}
          onWalletSelect={ignore}
          onDemoReset={ignore}
          onCopy={ignore}
          onLogout={ignore}
          onNotificationClose={ignore}
          onBurgerToggle={ignore}
        />
      }
      footer={footer}
      overlays={
        <>
          <Toasts toasts={toast ? [{ id: 't-1', msg: toast, variant: 'primary' }] : []} onDismiss={ignore} />
          <BurgerMenu
            open={burgerOpen}
            account={headerAccount}
            links={topMenu}
            languages={languages}
            locale="ru"
            soundEnabled
            footer={footer}
            onClose={ignore}
            onNavigate={onNavigate}
            onCopy={ignore}
            onLogout={ignore}
            onNotificationClose={ignore}
            onSoundToggle={ignore}
            onLanguageChange={ignore}
          />
        </>
      }
    >
      {pages[content]}
    </PageLayout>
  );
}

const meta = {
  title: 'Patterns/Shell/PageLayout',
  component: Shell,
  subcomponents: { PageLayout, PageTitle, SkipLink: SkipLinkAnchor },
  args: { signedIn: false, burgerOpen: false, bleed: false, content: 'page', toast: null, onNavigate: fn() },
  parameters: { viewport: { defaultViewport: 'desktop' } },
} satisfies Meta<typeof Shell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LandingForVisitor: Story = {
  args: { content: 'landing', bleed: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('main')).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  },
};

export const SkipLink: Story = {
  play: async ({ canvas, userEvent }) => {
    // The first Tab reaches the skip link, which takes keyboard users past the header.
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Перейти к содержимому' });
    await expect(skip).toHaveFocus();
    await expect(skip).toBeVisible();
    // Following it is left to the browser (a same-page anchor); the target must take focus.
    const main = canvas.getByRole('main');
    await expect(skip).toHaveAttribute('href', `#${main.id}`);
    await expect(main).toHaveAttribute('tabindex', '-1');
  },
};

export const NotFoundSignedIn: Story = {
  args: { signedIn: true, content: 'not-found', toast: fixtureText({
    ru: 'Номер счёта скопирован',
    en: 'Account number copied',
    'pt-BR': 'Número da conta copiado',
    es: 'Número de cuenta copiado',
    tr: 'Hesap numarası kopyalandı',
    id: 'Nomor akun disalin',
    vi: 'Đã sao chép số tài khoản',
    hi: 'खाता संख्या कॉपी की गई',
    ar: 'تم نسخ رقم الحساب',
    'zh-CN': '账户号码已复制',
  }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/home');
    await waitFor(() => expect(canvas.getByText('Номер счёта скопирован')).toBeVisible());
  },
};

export const CompactSignedIn: Story = {
  args: { signedIn: true },
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Открыть меню' })).toHaveAttribute('aria-expanded', 'false');
  },
};

export const CompactMenuOpen: Story = {
  args: { signedIn: true, burgerOpen: true },
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }) => {
    const dialog = screen.getByRole('dialog', { name: 'Личный кабинет' });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(screen.getByRole('button', { name: 'Закрыть меню' })).toHaveFocus();
    // The page under the menu is out of reach (inert), the menu is not; axe then sees one footer.
    await expect(canvasElement.querySelector('header')!.closest('[inert]')).not.toBeNull();
    await expect(dialog.closest('[inert]')).toBeNull();
  },
};

export const CompactVisitor: Story = {
  args: { content: 'not-found' },
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const CompactFullLogoSignedIn: Story = {
  args: { signedIn: true, content: 'not-found' },
  parameters: { viewport: { defaultViewport: 'tablet' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const LandingMenuOnSecondRow: Story = {
  args: { signedIn: true, content: 'landing', bleed: true },
  parameters: { viewport: { defaultViewport: 'laptop' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
