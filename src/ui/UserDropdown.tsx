import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownAnchor, DropdownPanel } from './Dropdown';
import { byOrder, menuHref } from './format';
import { useDismiss } from './hooks';
import { CopyIcon, LogoutIcon, UserIcon } from './icons';
import { IconButton } from './primitives/IconButton';
import { Link } from './primitives/Link';
import { SoundToggle } from './SoundToggle';
import { styled } from './stitches.config';
import type { MenuItem, SignedInUser } from './types';

export type CopiedField = 'email' | 'account_id';

const Identity = styled('div', { margin: 0, padding: '$2', display: 'grid', gap: '$2' });
const IdentityRow = styled('div', { display: 'flex', alignItems: 'center', gap: '$2', minWidth: 0 });
const IdentityText = styled('div', { flex: 1, minWidth: 0 });
const Term = styled('span', { display: 'block', fontSize: '$xs', color: '$textMuted' });
const Value = styled('span', { display: 'block', fontSize: '$sm', overflowWrap: 'anywhere' });
const Links = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: '$2 0',
  borderTop: '1px solid $border',
  borderBottom: '1px solid $border',
  '& a': { display: 'block', padding: '$2', borderRadius: '$sm' },
  '& a:hover': { backgroundColor: '$surfaceHover' },
});
const SoundRow = styled('div', { padding: '$2 $2 0' });
const LogoutButton = styled('button', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  width: '100%',
  marginTop: '$2',
  padding: '$2',
  border: 0,
  borderRadius: '$sm',
  backgroundColor: 'transparent',
  color: '$dangerText',
  cursor: 'pointer',
  '&:hover': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
});

export interface AccountDetailsProps {
  user: SignedInUser;
  /** Copy the value to the clipboard and confirm with the copied toast (the caller does both). */
  onCopy: (value: string, field: CopiedField) => void;
}

/** Email and account id, each with a copy button; shared by the user dropdown and the burger menu. */
export function AccountDetails({ user, onCopy }: AccountDetailsProps) {
  const { t } = useTranslation();
  const rows: { field: CopiedField; term: string; value: string }[] = [
    { field: 'email', term: t('shell.email'), value: user.email },
    { field: 'account_id', term: t('shell.account-id'), value: user.accountId },
  ];
  return (
    <Identity>
      {rows.map((row) => (
        <IdentityRow key={row.field}>
          <IdentityText>
            <Term>{row.term}</Term>
            <Value>{row.value}</Value>
          </IdentityText>
          <IconButton
            size="sm"
            label={t('shell.copy', { what: row.term })}
            onClick={() => onCopy(row.value, row.field)}
          >
            <CopyIcon />
          </IconButton>
        </IdentityRow>
      ))}
    </Identity>
  );
}

export interface UserDropdownProps extends AccountDetailsProps {
  links: readonly MenuItem[];
  onNavigate: (href: string) => void;
  /** Asks for the logout confirmation (the modal); the session logs out only after it. */
  onLogout: () => void;
  /** The sound switch, shown in the menu (the burger menu holds it on narrow screens). */
  sound?: { enabled: boolean; onToggle: (enabled: boolean) => void } | undefined;
  defaultOpen?: boolean;
}

/** The signed-in user's menu in the header: account details to copy, the account links, the sound switch and logout. */
export function UserDropdown({
  user,
  links,
  onCopy,
  onNavigate,
  onLogout,
  sound,
  defaultOpen = false,
}: UserDropdownProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useDismiss(open, () => setOpen(false), { popup: panelRef, trigger: triggerRef });

  return (
    <DropdownAnchor>
      <IconButton
        ref={triggerRef}
        bordered
        label={t('shell.user-menu-tooltip')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon />
      </IconButton>
      {open && (
        <DropdownPanel id={panelId} ref={panelRef} role="group" aria-label={t('shell.user-menu-tooltip')}>
          <AccountDetails user={user} onCopy={onCopy} />
          {links.length > 0 && (
            <nav aria-label={t('shell.account-menu')}>
              <Links>
                {byOrder(links).map((item) => (
                  <li key={`${item.url}-${item.order}`}>
                    <Link
                      href={menuHref(item.url)}
                      tone="nav"
                      onNavigate={(href) => {
                        setOpen(false);
                        onNavigate(href);
                      }}
                    >
                      {item.title}
                    </Link>
                  </li>
                ))}
              </Links>
            </nav>
          )}
          {sound && (
            <SoundRow>
              <SoundToggle enabled={sound.enabled} onToggle={sound.onToggle} withLabel />
            </SoundRow>
          )}
          <LogoutButton
            type="button"
            onClick={() => {
              setOpen(false);
              // The item goes with the panel: the logout dialog returns focus to the trigger instead.
              triggerRef.current?.focus();
              onLogout();
            }}
          >
            <LogoutIcon />
            {t('shell.logout')}
          </LogoutButton>
        </DropdownPanel>
      )}
    </DropdownAnchor>
  );
}
