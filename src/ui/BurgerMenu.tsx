import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { byOrder, menuHref } from './format';
import { CloseIcon, LogoutIcon } from './icons';
import { LanguageToggle } from './LanguageToggle';
import { NotificationsDropdown } from './NotificationsDropdown';
import { IconButton } from './primitives/IconButton';
import { Link } from './primitives/Link';
import { SoundToggle } from './SoundToggle';
import { fadeIn, styled } from './stitches.config';
import type { LanguageOption, MenuItem, NotificationItem, SignedInUser } from './types';
import type { CopiedField } from './UserDropdown';
import { AccountDetails } from './UserDropdown';

const Screen = styled('div', {
  position: 'fixed',
  inset: 0,
  zIndex: '$burger',
  display: 'flex',
  flexDirection: 'column',
  overflowY: 'auto',
  backgroundColor: '$bg',
  color: '$text',
  animation: `${fadeIn} 200ms ease`,
});
const Top = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  height: '$header',
  px: '$4',
  borderBottom: '1px solid $border',
});
const Title = styled('h2', { flex: 1, fontSize: '$lg', fontWeight: '$bold' });
const Body = styled('div', { flex: 1, display: 'grid', alignContent: 'start', gap: '$4', padding: '$4' });
const Links = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$1',
  '& a': { display: 'block', padding: '$3 $2', fontSize: '$lg', borderRadius: '$md' },
  '& a:hover': { backgroundColor: '$surfaceHover' },
});
const Section = styled('div', { borderTop: '1px solid $border', paddingTop: '$4' });
const Settings = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$3' });
const LogoutEntry = styled('button', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  width: '100%',
  padding: '$3 $2',
  border: 0,
  borderRadius: '$md',
  backgroundColor: 'transparent',
  color: '$dangerText',
  fontSize: '$lg',
  cursor: 'pointer',
  '&:hover': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
});

interface BurgerAccount {
  user: SignedInUser;
  notifications: readonly NotificationItem[];
  supportUnread: number;
}

export interface BurgerMenuProps {
  open: boolean;
  /** Signed-in part (counter, title, email, account id, logout), or null for a visitor. */
  account: BurgerAccount | null;
  links: readonly MenuItem[];
  languages: readonly LanguageOption[];
  locale: string;
  soundEnabled: boolean;
  /** The site footer, rendered at the bottom of the menu. */
  footer?: ReactNode;
  onClose: () => void;
  onNavigate: (href: string) => void;
  onCopy: (value: string, field: CopiedField) => void;
  onLogout: () => void;
  onNotificationClose: (notificationId: string) => void;
  onSoundToggle: (enabled: boolean) => void;
  onLanguageChange: (code: string) => void;
}

/** The full-screen menu of small screens; the burger machine closes it on any route change. */
export function BurgerMenu(props: BurgerMenuProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const { open, onClose } = props;

  useEffect(() => {
    if (!open) return;
    // The burger button: focus goes back to it when the menu closes (Escape, Close, a link).
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // The page behind stops being inert in the same commit: its button can take focus again,
      // unless a route change moved focus on purpose already.
      if (!document.activeElement || document.activeElement === document.body) trigger?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  const { account } = props;

  return (
    <Screen role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <Top>
        {account && (
          <NotificationsDropdown
            notifications={account.notifications}
            supportUnread={account.supportUnread}
            onNavigate={props.onNavigate}
            onClose={props.onNotificationClose}
          />
        )}
        <Title id={titleId}>{account ? t('shell.burger-title') : t('shell.menu')}</Title>
        <IconButton ref={closeRef} bordered label={t('shell.burger-close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Top>
      <Body>
        {account && <AccountDetails user={account.user} onCopy={props.onCopy} />}
        <nav aria-label={t('shell.menu')}>
          <Links>
            {byOrder(props.links).map((item) => (
              <li key={`${item.url}-${item.order}`}>
                <Link href={menuHref(item.url)} onNavigate={props.onNavigate} tone="nav">
                  {item.title}
                </Link>
              </li>
            ))}
          </Links>
        </nav>
        {account && (
          <Section>
            <LogoutEntry type="button" onClick={props.onLogout}>
              <LogoutIcon />
              {t('shell.logout')}
            </LogoutEntry>
          </Section>
        )}
        <Section>
          <Settings>
            <SoundToggle enabled={props.soundEnabled} onToggle={props.onSoundToggle} withLabel />
            <LanguageToggle languages={props.languages} current={props.locale} onChange={props.onLanguageChange} inline />
          </Settings>
        </Section>
      </Body>
      {props.footer}
    </Screen>
  );
}
