import { useTranslation } from 'react-i18next';
import { Link } from '../primitives/Link';
import { styled } from '../stitches.config';

export interface SettingsTabsProps {
  /** The path being shown: '/settings', '/settings/personal', '/settings/security', '/settings/limits', '/settings/statements' or '/settings/verification'. */
  current: string;
  onNavigate: (href: string) => void;
}

const Nav = styled('nav', {
  display: 'flex',
  justifyContent: 'center',
  flexWrap: 'wrap',
  gap: '$3 $5',
  margin: '0 auto $5',
  fontSize: '$md',
  '& a[aria-current="page"]': { fontWeight: '$bold', textDecoration: 'underline', textUnderlineOffset: '6px' },
});

/** The pages of the account settings: the password, the personal data, the security, the limits, the statements and the verification. */
export function SettingsTabs({ current, onNavigate }: SettingsTabsProps) {
  const { t } = useTranslation();
  const tabs = [
    { href: '/settings', label: t('auth.change.title') },
    { href: '/settings/personal', label: t('auth.profile.title') },
    { href: '/settings/security', label: t('security.title') },
    { href: '/settings/limits', label: t('limits.tab') },
    { href: '/settings/statements', label: t('limits.statement.tab') },
    { href: '/settings/verification', label: t('limits.kyc.tab') },
  ];
  return (
    <Nav aria-label={t('auth.settings.title')}>
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} tone="nav" onNavigate={onNavigate} aria-current={tab.href === current ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </Nav>
  );
}
