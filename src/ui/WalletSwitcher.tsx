import { useTranslation } from 'react-i18next';
import { DropdownAnchor, DropdownPanel } from './Dropdown';
import { formatUsd } from './format';
import { useChangeHighlight } from './hooks';
import { ChevronDownIcon } from './icons';
import { useMenuButton } from './menu-keys';
import { Badge } from './primitives/Badge';
import { Button } from './primitives/Button';
import { Link } from './primitives/Link';
import { VisuallyHidden } from './primitives/VisuallyHidden';
import { borderedControl } from './primitives/button-styles';
import { amountFlash, styled } from './stitches.config';
import { DEMO_RESET_THRESHOLD, WALLET_TYPES } from './types';
import type { WalletType, WalletView } from './types';


const Trigger = styled('button', {
  ...borderedControl,
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  height: '$control',
  px: '$3',
  backgroundColor: '$surface',
  textAlign: 'start',
  // On phones the badge sits over the amount and the chevron goes, so both fit beside the bell.
  '@phone': {
    flexDirection: 'column',
    justifyContent: 'center',
    alignItems: 'flex-start',
    gap: 0,
    px: '$2',
    '& > svg': { display: 'none' },
  },
});

/** Whether the money is real, practice or a tournament's: drawn at every width (issue 11, 2). */
const KindBadge = styled(Badge, {
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  '@phone': { height: '1rem', fontSize: '0.625rem' },
});
const BADGE_TONE = { main: 'success', demo: 'secondary', tournament: 'gold' } as const satisfies Record<
  WalletType,
  string
>;

/** The new amount shows at once (the trader reads it); a change only flashes its background. */
const Amount = styled('span', {
  fontWeight: '$bold',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  borderRadius: '$sm',
  '&[data-change="up"]': { '--flash': '$colors$successSoft', animation: `${amountFlash} 1.5s ease-out` },
  '&[data-change="down"]': { '--flash': '$colors$dangerSoft', animation: `${amountFlash} 1.5s ease-out` },
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});

const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$1' });

const Choice = styled('button', {
  display: 'flex',
  width: '100%',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '$4',
  padding: '$3',
  border: '1px solid transparent',
  borderRadius: '$md',
  backgroundColor: 'transparent',
  color: '$text',
  cursor: 'pointer',
  '&:hover': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&[aria-checked="true"]': { borderColor: '$secondaryText', backgroundColor: '$secondarySoft' },
});

const ResetRow = styled('div', { marginTop: '$2', paddingTop: '$2', borderTop: '1px solid $border' });
const MoneyLinks = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '$2',
  marginTop: '$2',
  paddingTop: '$2',
  borderTop: '1px solid $border',
});

export interface WalletSwitcherProps {
  wallets: readonly WalletView[];
  current: WalletType;
  onSelect: (type: WalletType) => void;
  /** Refills the demo wallet to 10000.00; offered while demo holds less. */
  onDemoReset: () => void;
  demoResetBusy?: boolean;
  /** With it the panel offers Deposit and Withdraw, one tap from the header at every width. */
  onNavigate?: (href: string) => void;
}

/** The header's wallet button and its panel: the real and demo balances, switching between them, refilling demo, and the way to Deposit and Withdraw. */
export function WalletSwitcher({
  wallets,
  current,
  onSelect,
  onDemoReset,
  demoResetBusy = false,
  onNavigate,
}: WalletSwitcherProps) {
  const { t, i18n } = useTranslation();
  const ordered = WALLET_TYPES.flatMap((type) => wallets.filter((w) => w.wallet_type === type));
  const currentWallet = ordered.find((w) => w.wallet_type === current) ?? ordered[0];
  const menu = useMenuButton({ chosen: currentWallet ? ordered.indexOf(currentWallet) : 0 });
  const shownAmount = currentWallet?.amount ?? 0;
  const change = useChangeHighlight(shownAmount);
  const demo = ordered.find((w) => w.wallet_type === 'demo');
  const canResetDemo = demo !== undefined && demo.amount < DEMO_RESET_THRESHOLD;
  const typeName = (type: WalletType) => t(`shell.wallet-${type}`);
  // The menu's items in order: the wallets, the demo refill when offered, then the money pages.
  const resetIndex = ordered.length;
  const firstLinkIndex = resetIndex + (canResetDemo ? 1 : 0);

  if (!currentWallet) return null;

  return (
    <DropdownAnchor>
      <Trigger {...menu.triggerProps}>
        <KindBadge tone={BADGE_TONE[currentWallet.wallet_type]} data-testid="wallet-kind">
          {t(`shell.wallet-badge-${currentWallet.wallet_type}`)}
        </KindBadge>
        <Amount data-testid="wallet-amount" data-change={change ?? undefined}>{formatUsd(shownAmount, i18n.language)}</Amount>
        <VisuallyHidden>{t('shell.wallet-switch')}</VisuallyHidden>
        <ChevronDownIcon />
      </Trigger>
      {menu.open && (
        <DropdownPanel {...menu.menuProps} aria-label={t('shell.wallets')} align="left">
          <List role="group">
            {ordered.map((wallet, index) => (
              <li key={wallet.wallet_type} role="none">
                <Choice
                  type="button"
                  role="menuitemradio"
                  aria-checked={wallet.wallet_type === currentWallet.wallet_type}
                  tabIndex={menu.tabIndexOf(index)}
                  onClick={() => {
                    onSelect(wallet.wallet_type);
                    menu.close();
                  }}
                >
                  <span>{typeName(wallet.wallet_type)}</span>
                  <Amount>{formatUsd(wallet.amount, i18n.language)}</Amount>
                </Choice>
              </li>
            ))}
          </List>
          {canResetDemo && (
            <ResetRow role="none">
              <Button role="menuitem" tabIndex={menu.tabIndexOf(resetIndex)} variant="outline" size="sm" full busy={demoResetBusy} onClick={onDemoReset}>
                {t('shell.demo-reset')}
              </Button>
            </ResetRow>
          )}
          {onNavigate && (
            <MoneyLinks role="none">
              {(['deposit', 'withdraw'] as const).map((page, index) => (
                <Link
                  key={page}
                  role="menuitem"
                  tabIndex={menu.tabIndexOf(firstLinkIndex + index)}
                  href={`/${page}`}
                  button={page === 'deposit' ? 'success' : 'outline'}
                  size="sm"
                  onNavigate={(href) => {
                    menu.close();
                    onNavigate(href);
                  }}
                >
                  {t(`shell.${page}`)}
                </Link>
              ))}
            </MoneyLinks>
          )}
        </DropdownPanel>
      )}
    </DropdownAnchor>
  );
}
