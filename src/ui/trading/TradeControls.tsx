import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { styled } from '../stitches.config';

export type TradeControlsTab = 'orders' | 'alerts';

export interface TradeControlsProps {
  /** The order form and list. */
  orders: ReactNode;
  /** The alert form and list. */
  alerts: ReactNode;
  initialTab?: TradeControlsTab;
}

const Panel = styled('section', { display: 'grid', gap: '$3', minWidth: 0 });
const TabList = styled('div', { display: 'flex', gap: '$1', borderBottom: '1px solid $border' });
const Tab = styled('button', {
  appearance: 'none',
  background: 'none',
  border: 'none',
  borderBottom: '2px solid transparent',
  padding: '$2 $3',
  minHeight: '2.75rem',
  fontSize: '$sm',
  fontWeight: '$medium',
  color: '$textMuted',
  cursor: 'pointer',
  '&[aria-selected="true"]': { color: '$text', borderBottomColor: '$primary' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});

const TABS: readonly TradeControlsTab[] = ['orders', 'alerts'];

/**
 * Pending orders and price alerts as two tabs (ARIA tabs: arrow keys move between them), each
 * with its form above its list.
 */
export function TradeControls({ orders, alerts, initialTab = 'orders' }: TradeControlsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<TradeControlsTab>(initialTab);
  const move = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length]!;
    setTab(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };
  return (
    <Panel aria-label={t('trading.controls.label')} data-testid="trade-controls">
      <TabList role="tablist" onKeyDown={move}>
        {TABS.map((name) => (
          <Tab
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {t(name === 'orders' ? 'trading.controls.tab_orders' : 'trading.controls.tab_alerts')}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'orders' ? orders : alerts}
      </div>
    </Panel>
  );
}
