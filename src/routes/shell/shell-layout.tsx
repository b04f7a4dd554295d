import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { selectBurgerOpen } from '../../machines/burger/burger.selectors';
import { sessionActors } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';
import { selectLogoutModal } from '../../machines/session/session.selectors';
import { selectAudioEnabled } from '../../machines/audio/audio.selectors';
import { selectDemoResetBusy } from '../../machines/wallet/wallet.selectors';
import { BurgerMenu } from '../../ui/BurgerMenu';
import { Header } from '../../ui/Header';
import { PageLayout } from '../../ui/Layout';
import { LogoutModal } from '../../ui/LogoutModal';
import { useApi, useAppSend, useUser, useWallets } from '../app-services';
import { useAppChild } from './app-context';
import { ShellFooter } from './shell-footer';
import { ShellToasts } from './shell-toasts';
import { useCopy, useLanguages, useLogoUrl, useMenus, useNavigate, useNotifications, useSignedInUser } from './use-shell';

/**
 * The logout confirmation runs on the session statechart: the user menu and the burger ask
 * (`logout.request`), the modal closes or confirms, and a finished logout tells the root actor
 * and goes to / (SPEC.md 4).
 */
function useLogout() {
  const api = useApi();
  const user = useUser();
  const appSend = useAppSend();
  const navigate = useNavigate();
  const machine = useMemo(() => sessionMachine.provide({ actors: sessionActors(api) }), [api]);
  const session = useActorRef(machine, { input: { user } });
  useEffect(() => {
    if (user) session.send({ type: 'envelope.user', user });
  }, [session, user]);
  useEffect(() => {
    const subscription = session.on('session.changed', ({ reason }) => {
      appSend({ type: 'session.changed' });
      if (reason === 'logout' || reason === 'expired') navigate('/');
    });
    return () => subscription.unsubscribe();
  }, [session, appSend, navigate]);
  const modal = useSelector(session, selectLogoutModal);
  return {
    modal,
    request: () => session.send({ type: 'logout.request' }),
    cancel: () => session.send({ type: 'logout.cancel' }),
    confirm: () => session.send({ type: 'logout.confirm' }),
  };
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
  const notifications = useNotifications();
  const burger = useAppChild('burger');
  const burgerOpen = useSelector(burger, selectBurgerOpen);
  const audio = useAppChild('audio');
  const soundEnabled = useSelector(audio, selectAudioEnabled);
  const copy = useCopy();
  const logout = useLogout();
  const logoUrl = useLogoUrl();

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
    />
  );

  const overlays = (
    <>
      <BurgerMenu
        open={burgerOpen}
        account={signedIn ? { user: signedIn, notifications: notifications.items, supportUnread: notifications.supportUnread } : null}
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
      <LogoutModal open={logout.modal.open} busy={logout.modal.busy} onClose={logout.cancel} onConfirm={logout.confirm} />
      <ShellToasts />
    </>
  );

  return (
    <PageLayout header={header} footer={<ShellFooter />} overlays={overlays} bleed={bleed}>
      {children}
    </PageLayout>
  );
}
