import { useTranslation } from 'react-i18next';
import { byOrder, menuHref } from './format';
import { MenuIcon } from './icons';
import { LanguageToggle } from './LanguageToggle';
import { LatestNotificationCard } from './LatestNotificationCard';
import { NotificationTitle } from './notification-style';
import { Logo } from './Logo';
import { NotificationsDropdown } from './NotificationsDropdown';
import { IconButton } from './primitives/IconButton';
import { Link } from './primitives/Link';
import { LATEST_CARD_HEIGHT, styled } from './stitches.config';
import type { LanguageOption, MenuItem, NotificationItem, SignedInUser, WalletType, WalletView } from './types';
import type { CopiedField } from './UserDropdown';
import { UserDropdown } from './UserDropdown';
import { WalletSwitcher } from './WalletSwitcher';

const Bar = styled('header', {
  position: 'sticky',
  top: 0,
  zIndex: '$header',
  backgroundColor: '$surface',
  borderBottom: '1px solid $border',
});
/*
 * The whole bar of a signed-in trader needs about 1150px (Russian). From the grid's 992px to
 * 1200px the main menu takes a row of its own; under 992px the parts that do not fit move into
 * the burger menu, as on phones, so nothing is cut off or pushes the page sideways.
 */
const COMPACT = '@media (max-width: 991.98px)';
const TWO_ROWS = '@media (min-width: 992px) and (max-width: 1199.98px)';

const Row = styled('div', {
  maxWidth: '$content',
  minHeight: '$header',
  margin: '0 auto',
  px: '$4',
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  [TWO_ROWS]: { flexWrap: 'wrap', rowGap: 0 },
  '@phone': { px: '$3', gap: '$2' },
});
const Nav = styled('nav', {
  flex: 1,
  minWidth: 0,
  [TWO_ROWS]: { order: 1, flexBasis: '100%', paddingBottom: '$3' },
  [COMPACT]: { display: 'none' },
  // A menu longer than the row scrolls instead of being cut off, so every link stays reachable.
  '& ul': { listStyle: 'none', margin: 0, padding: '$1', display: 'flex', gap: '$4', overflowX: 'auto' },
  '& a': { whiteSpace: 'nowrap' },
});
const Spacer = styled('div', {
  flex: 1,
  display: 'none',
  [TWO_ROWS]: { display: 'block' },
  [COMPACT]: { display: 'block' },
});
const Actions = styled('div', { display: 'flex', alignItems: 'center', gap: '$2' });
/** Parts of the bar that move into the burger menu on narrow screens. */
const Wide = styled('div', { display: 'contents', [COMPACT]: { display: 'none' } });
const NarrowOnly = styled('div', { display: 'none', [COMPACT]: { display: 'contents' } });
const CardRow = styled('div', {
  width: '100%',
  maxWidth: '$content',
  margin: '0 auto',
  padding: '$3 $4 0',
  '@phone': { padding: '$2 $3 0' },
  // In the one-column trading room the chart fills the screen between this row and the docked
  // trade bar: the row keeps a known height (LATEST_CARD_HEIGHT) that the chart is sized against.
  '@compact': {
    'body:has([data-trade-bar]) &': {
      height: LATEST_CARD_HEIGHT,
      paddingTop: '$2',
      '& > section': { height: '100%', overflow: 'hidden', py: '$2', alignItems: 'center' },
      [`& ${NotificationTitle}`]: {
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        lineHeight: '1.25rem',
      },
    },
  },
});

export interface HeaderAccount {
  user: SignedInUser;
  wallets: readonly WalletView[];
  currentWallet: WalletType;
  /** Links of the user dropdown. */
  userMenu: readonly MenuItem[];
  notifications: readonly NotificationItem[];
  supportUnread: number;
  /** The newest inner notification shown as a card under the bar, or null. */
  latestNotification: NotificationItem | null;
  demoResetBusy?: boolean;
}

export interface HeaderProps {
  logoUrl?: string | undefined;
  /** header_menu; shown sorted by order. */
  menu: readonly MenuItem[];
  languages: readonly LanguageOption[];
  locale: string;
  /** Signed-in state, or null for a visitor. */
  account: HeaderAccount | null;
  burgerOpen?: boolean;
  onNavigate: (href: string) => void;
  onLanguageChange: (code: string) => void;
  onWalletSelect: (type: WalletType) => void;
  onDemoReset: () => void;
  onCopy: (value: string, field: CopiedField) => void;
  onLogout: () => void;
  onNotificationClose: (notificationId: string) => void;
  onBurgerToggle: () => void;
  /** The sound switch; in the user menu from 992px, in the burger menu below. */
  soundEnabled?: boolean;
  onSoundToggle?: (enabled: boolean) => void;
}

/** The top bar of every page: logo, menu, language, and for a signed-in user the wallet, notifications, support and account menu; compact with a burger under 992px. */
export function Header(props: HeaderProps) {
  const { t } = useTranslation();
  const { account, onNavigate } = props;
  const homeHref = account ? '/home' : '/';
  // On narrow screens the burger menu holds what the bar has no room for: for visitors the menu
  // and the language toggle, for traders also deposit, withdraw and the user menu.
  const burgerButton = (
    <NarrowOnly>
      <IconButton
        bordered
        label={t('shell.burger-open')}
        aria-expanded={props.burgerOpen ?? false}
        onClick={props.onBurgerToggle}
      >
        <MenuIcon />
      </IconButton>
    </NarrowOnly>
  );
  return (
    <>
      <Bar>
        <Row>
          <Logo src={props.logoUrl} href={homeHref} compact onNavigate={onNavigate} />
          <Nav aria-label={t('shell.main-menu')}>
            <ul>
              {byOrder(props.menu).map((item) => (
                <li key={`${item.url}-${item.order}`}>
                  <Link href={menuHref(item.url)} onNavigate={onNavigate} tone="nav">
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          </Nav>
          <Spacer />
          {account ? (
            <Actions>
              <WalletSwitcher
                wallets={account.wallets}
                current={account.currentWallet}
                onSelect={props.onWalletSelect}
                onDemoReset={props.onDemoReset}
                demoResetBusy={account.demoResetBusy ?? false}
                onNavigate={onNavigate}
              />
              <Wide>
                <Link href="/deposit" onNavigate={onNavigate} button="success" size="sm">
                  {t('shell.deposit')}
                </Link>
                <Link href="/withdraw" onNavigate={onNavigate} button="outline" size="sm">
                  {t('shell.withdraw')}
                </Link>
              </Wide>
              <NotificationsDropdown
                notifications={account.notifications}
                supportUnread={account.supportUnread}
                onNavigate={onNavigate}
                onClose={props.onNotificationClose}
              />
              <Wide>
                <UserDropdown
                  user={account.user}
                  links={account.userMenu}
                  onCopy={props.onCopy}
                  onNavigate={onNavigate}
                  onLogout={props.onLogout}
                  sound={
                    props.onSoundToggle
                      ? { enabled: props.soundEnabled ?? true, onToggle: props.onSoundToggle }
                      : undefined
                  }
                />
                <LanguageToggle languages={props.languages} current={props.locale} onChange={props.onLanguageChange} />
              </Wide>
              {burgerButton}
            </Actions>
          ) : (
            <Actions>
              <Wide>
                <LanguageToggle languages={props.languages} current={props.locale} onChange={props.onLanguageChange} />
              </Wide>
              <Link href="/login" onNavigate={onNavigate} button="outline" size="sm">
                {t('shell.login')}
              </Link>
              <Link href="/signup" onNavigate={onNavigate} button="primary" size="sm">
                {t('shell.signup')}
              </Link>
              {burgerButton}
            </Actions>
          )}
        </Row>
      </Bar>
      {/* Under the bar, not in it: the sticky bar stays one row high and the card scrolls away
        with the page instead of covering the chart or the trade controls. */}
      {account?.latestNotification && (
        <CardRow data-latest-notification="">
          <LatestNotificationCard
            notification={account.latestNotification}
            onNavigate={onNavigate}
            onClose={props.onNotificationClose}
          />
        </CardRow>
      )}
    </>
  );
}
