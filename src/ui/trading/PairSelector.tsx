import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownAnchor, DropdownPanel } from '../Dropdown';
import { useDismiss } from '../hooks';
import { ChevronDownIcon, SearchIcon } from '../icons';
import { Input } from '../primitives/Field';
import { Skeleton } from '../primitives/Skeleton';
import { formatPayout } from '../format';
import { styled } from '../stitches.config';
import type { PairView } from './types';

export interface PairSelectorProps {
  pairs: PairView[];
  value: string | null;
  onChange: (pairId: string) => void;
  loading?: boolean;
  disabled?: boolean;
}

const Trigger = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$3',
  minHeight: '$control',
  px: '$3',
  border: '1px solid $border',
  borderRadius: '$md',
  backgroundColor: '$surface',
  color: '$text',
  cursor: 'pointer',
  '&:hover:not(:disabled)': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
});
const Symbol = styled('span', { fontWeight: '$bold', fontSize: '$lg' });
const Payout = styled('span', { color: '$successText', fontWeight: '$bold', fontVariantNumeric: 'tabular-nums' });
const SearchRow = styled('div', {
  position: 'relative',
  marginBottom: '$2',
  '& svg': { position: 'absolute', insetInlineStart: '$3', top: '0.6rem', color: '$textMuted' },
  '& input': { paddingInlineStart: '2.5rem' },
});
const List = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  maxHeight: '20rem',
  overflowY: 'auto',
  display: 'grid',
  gap: '$1',
});
const Choice = styled('button', {
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  width: '100%',
  alignItems: 'center',
  gap: '$1 $3',
  padding: '$2 $3',
  border: '1px solid transparent',
  borderRadius: '$md',
  backgroundColor: 'transparent',
  color: '$text',
  textAlign: 'start',
  cursor: 'pointer',
  '&:hover:not(:disabled)': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&[aria-pressed="true"]': { borderColor: '$secondaryText', backgroundColor: '$secondarySoft' },
  '&:disabled': { cursor: 'not-allowed', color: '$textMuted' },
});
const Name = styled('span', { gridColumn: '1 / 2', fontSize: '$xs', color: '$textMuted' });
const Nothing = styled('p', { padding: '$3', color: '$textMuted', fontSize: '$sm' });

/** The pair to trade: symbol and payout percent, a list with search (by symbol or name). */
export function PairSelector({ pairs, value, onChange, loading = false, disabled = false }: PairSelectorProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(open, () => setOpen(false), { popup: panelRef, trigger: triggerRef });

  const current = pairs.find((pair) => pair.id === value) ?? null;
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase().replace('/', '');
    if (!needle) return pairs;
    return pairs.filter((pair) => `${pair.symbol.replace('/', '')} ${pair.name}`.toLowerCase().includes(needle));
  }, [pairs, query]);

  // The width of a loaded trigger (a symbol and its payout): the toolbar wraps the same way before.
  if (loading) return <Skeleton width="12.25rem" height="2.5rem" shape="box" />;

  const choose = (pairId: string) => {
    onChange(pairId);
    setOpen(false);
    setQuery('');
    triggerRef.current?.focus();
  };

  return (
    <DropdownAnchor>
      <Trigger
        ref={triggerRef}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title={current ? t('trading.pair.current', { symbol: current.symbol, percent: formatPayout(current.payout, i18n.language) }) : undefined}
        disabled={disabled || pairs.length === 0}
        onClick={() => setOpen((was) => !was)}
      >
        <Symbol>{current?.symbol ?? t('trading.pair.choose')}</Symbol>
        {current && <Payout>{formatPayout(current.payout, i18n.language)}</Payout>}
        <ChevronDownIcon />
      </Trigger>
      {open && (
        <DropdownPanel ref={panelRef} id={panelId} align="left" role="dialog" aria-label={t('trading.pair.choose')}>
          <SearchRow>
            <SearchIcon />
            <Input
              type="search"
              value={query}
              autoFocus
              aria-label={t('trading.pair.search')}
              placeholder={t('trading.pair.search')}
              onChange={(event) => setQuery(event.target.value)}
            />
          </SearchRow>
          {shown.length === 0 ? (
            <Nothing>{t('trading.pair.nothing')}</Nothing>
          ) : (
            <List>
              {shown.map((pair) => (
                <li key={pair.id}>
                  <Choice
                    type="button"
                    aria-pressed={pair.id === value}
                    disabled={!pair.active}
                    onClick={() => choose(pair.id)}
                  >
                    <Symbol css={{ fontSize: '$md' }}>{pair.symbol}</Symbol>
                    <Payout>{pair.active ? formatPayout(pair.payout, i18n.language) : t('trading.pair.closed')}</Payout>
                    <Name>{pair.name}</Name>
                  </Choice>
                </li>
              ))}
            </List>
          )}
        </DropdownPanel>
      )}
    </DropdownAnchor>
  );
}
