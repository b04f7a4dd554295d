import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectBurgerOpen } from '../../machines/burger/burger.selectors';
import { selectAudioEnabled } from '../../machines/audio/audio.selectors';
import { selectDemoResetBusy, selectWalletError } from '../../machines/wallet/wallet.selectors';
import { ConnectivityBanner } from '../../ui/ConnectivityBanner';
import { NoticeStack } from '../../ui/NoticeStack';
import { UpdateNotice } from '../../ui/UpdateNotice';
import { selectUpdateAvailable } from '../../machines/version/version.selectors';
import { Header } from '../../ui/Header';
import { PageLayout } from '../../ui/Layout';
import { useConnectivity, useToast, useWallets } from '../app-services';
import { useAppChild } from './app-context';
import { ShellFooter } from './shell-footer';
import { ShellToasts } from './shell-toasts';
import {
  useCopy,
  useLanguages,
  useLogoUrl,
  useMenus,
  useNavigate,
  useNotifications,
  useSignedInUser,
} from './use-shell';

const LogoutDialog = lazy(() => import('./logout-dialog'));
// The burger menu opens only on small screens after a tap: its code loads then.
const BurgerMenu = lazy(() => import('../../ui/BurgerMenu').then((m) => ({ default: m.BurgerMenu })));

/** Logout requests: the dialog (a lazy chunk) mounts on the first and stays until it closes. */
function useLogoutRequests() {
  const [requests, setRequests] = useState(0);
  const request = useCallback(() => setRequests((count) => count + 1), []);
  const closed = useCallback(() => setRequests(0), []);
  return { requests, request, closed };
}

/** A refused or failed demo refill is said in a toast: the switcher itself has no room for it. */
function useDemoResetFailureToast(wallet: ReturnType<typeof useAppChild<'wallet'>>) {
  const { t } = useTranslation();
  const toast = useToast();
  const failure = useSelector(wallet, selectWalletError);
  useEffect(() => {
    if (failure) toast({ message: failure.message || t('errors.network'), variant: 'danger', delay: 4000 });
  }, [failure, toast, t]);
}

export interface ShellLayoutProps {
  /** Full-width page (landing, trading) instead of the centred column. */
  bleed?: boolean;
  children: ReactNode;
}

/** Header, page, footer, and the overlays: burger menu, logout modal, toasts. */
export function ShellLayout({ bleed = false, children }: ShellLayoutProps) {
  const navigate = useNavigate();
  const menus = useMenus();
  const signedIn = useSignedInUser();
  const { languages, locale, change } = useLanguages();
  const wallets = useWallets();
  const wallet = useAppChild('wallet');
  const demoResetBusy = useSelector(wallet, selectDemoResetBusy);
  useDemoResetFailureToast(wallet);
  const notifications = useNotifications();
  const burger = useAppChild('burger');
  const burgerOpen = useSelector(burger, selectBurgerOpen);
  const audio = useAppChild('audio');
  const soundEnabled = useSelector(audio, selectAudioEnabled);
  const copy = useCopy();
  const logout = useLogoutRequests();
  const logoUrl = useLogoUrl();
  const connectivity = useConnectivity();
  const version = useAppChild('version');
  const updateAvailable = useSelector(version, selectUpdateAvailable);

  const header = (
    <Header
      logoUrl={logoUrl}
      menu={menus.header_menu}
      languages={languages}
      locale={locale}
      account={
        signedIn
          ? {
              user: signedIn,
              wallets: wallets.wallets,
              currentWallet: wallets.current,
              userMenu: menus.top_menu,
              notifications: notifications.items,
              supportUnread: notifications.supportUnread,
              latestNotification: notifications.latest,
              demoResetBusy,
            }
          : null
      }
      burgerOpen={burgerOpen}
      onNavigate={navigate}
      onLanguageChange={change}
      onWalletSelect={wallets.select}
      onDemoReset={() => wallet.send({ type: 'wallet.resetDemo' })}
      onCopy={copy}
      onLogout={logout.request}
      onNotificationClose={notifications.close}
      onBurgerToggle={() => burger.send({ type: 'burger.toggle' })}
      soundEnabled={soundEnabled}
      onSoundToggle={(enabled) => audio.send({ type: 'audio.set', enabled })}
    />
  );

  const overlays = (
    <>
      {burgerOpen && (
        <Suspense fallback={null}>
          <BurgerMenu
            open={burgerOpen}
            account={
              signedIn
                ? { user: signedIn, notifications: notifications.items, supportUnread: notifications.supportUnread }
                : null
            }
            links={signedIn ? menus.top_menu : menus.header_menu}
            languages={languages}
            locale={locale}
            soundEnabled={soundEnabled}
            footer={<ShellFooter />}
            onClose={() => burger.send({ type: 'burger.close' })}
            onNavigate={navigate}
            onCopy={copy}
            onLogout={() => {
              burger.send({ type: 'burger.close' });
              logout.request();
            }}
            onNotificationClose={notifications.close}
            onSoundToggle={(enabled) => audio.send({ type: 'audio.set', enabled })}
            onLanguageChange={change}
          />
        </Suspense>
      )}
      {logout.requests > 0 && signedIn && (
        <Suspense fallback={null}>
          <LogoutDialog requests={logout.requests} onClosed={logout.closed} />
        </Suspense>
      )}
      <ShellToasts />
      <NoticeStack>
        <ConnectivityBanner state={connectivity} />
        {updateAvailable && <UpdateNotice onReload={() => version.send({ type: 'version.reload' })} />}
      </NoticeStack>
    </>
  );

  return (
    <PageLayout header={header} footer={<ShellFooter />} overlays={overlays} bleed={bleed} covered={burgerOpen}>
      {children}
    </PageLayout>
  );
}
