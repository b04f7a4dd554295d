import { lazy, Suspense, useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { SKIP_LINKS_ID, SkipLink } from '../../ui/Layout';
import { SoundToggle } from '../../ui/SoundToggle';
import { Button } from '../../ui/primitives/Button';
import { VisuallyHidden } from '../../ui/primitives/VisuallyHidden';
import { styled, TRADE_BAR_HEIGHT } from '../../ui/stitches.config';
import { LiveAnnouncer } from '../../ui/trading/LiveAnnouncer';
import { useAudioEnabled } from '../app-services';
import { TournamentPanel } from '../money/tournament-panel';
import { useAppChild } from '../shell/app-context';
import { BetSlipPanel } from './bet-slip-panel';
import { BetResult, BetsPanel } from './bets-panel';
import { ChartGridPanel } from './chart-grid-panel';
import { CHART_AREA_ID, SLIP_ID, useFocusFallback, usePlaceBet, useRoomKeys } from './room-keys';
import { useAnnouncer, useTradingAnnouncements } from './use-announcements';
import { useTrading } from './use-trading';
import { RealityCheck } from './reality-check';

// Below the slip, and opened by a key: neither is needed for the room's first picture.
const TradeControlsPanel = lazy(() => import('./trade-controls-panel').then((m) => ({ default: m.TradeControlsPanel })));
const ShortcutHelp = lazy(() => import('../../ui/trading/ShortcutHelp').then((m) => ({ default: m.ShortcutHelp })));

/**
 * Phone and tablet: one column in the order chart, slip, bets, tournament; the chart fills the
 * screen above the slip, which is the trade bar docked at the bottom. From 992px two
 * columns that grow independently: the chart with the bets under it, the slip with the
 * tournament under it. Below 992px the columns dissolve (`display: contents`) into the one list.
 */
const Workspace = styled('div', {
  display: 'grid',
  gap: '$5',
  width: '100%',
  maxWidth: '90rem',
  mx: 'auto',
  padding: '$5 $4',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@phone': { padding: '$3', gap: '$4' },
  // The docked trade bar covers the page's last stretch: the page ends above it.
  '@compact': { paddingTop: '$3', paddingBottom: `calc(${TRADE_BAR_HEIGHT} + 1rem)` },
  '@lg': { gridTemplateColumns: 'minmax(0, 1fr) 22rem', alignItems: 'start' },
});
const Column = styled('div', {
  display: 'contents',
  '@lg': { display: 'grid', gap: '$5', minWidth: 0, alignContent: 'start' },
});
const Area = styled('div', {
  minWidth: 0,
  '&:focus': { outline: 'none' },
  variants: {
    area: {
      chart: { order: 1 },
      slip: { order: 2 },
      // Held at the orders and alerts' height while their code and lists come, so that nothing
      // under them moves: the card of their forms beside the chart (a new trader's is 459 px), the
      // button that opens them in the one-column room.
      controls: { order: 3, minHeight: '28.75rem', '@compact': { minHeight: '$control' } },
      bets: { order: 3 },
      side: { order: 4, display: 'grid', gap: '$3' },
    },
  },
});

const RoomTools = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2' });

/** The sound switch in the room itself, at every width (the header's is inside a menu). */
function RoomSound() {
  const audio = useAppChild('audio');
  const enabled = useAudioEnabled();
  return <SoundToggle enabled={enabled} onToggle={(on) => audio.send({ type: 'audio.set', enabled: on })} withLabel />;
}

/** "Skip to the new bet", after the shell's "skip to content" (it exists once the shell drew). */
function SkipToSlip() {
  const { t } = useTranslation();
  const [links, setLinks] = useState<HTMLElement | null>(null);
  // Found once this page is in the document (the shell's list is committed by then).
  const find = useCallback((anchor: HTMLElement | null) => {
    if (anchor) setLinks(anchor.ownerDocument.getElementById(SKIP_LINKS_ID));
  }, []);
  return (
    <span ref={find} hidden>
      {links && createPortal(<SkipLink href={`#${SLIP_ID}`}>{t('trading.skip_to_slip')}</SkipLink>, links)}
    </span>
  );
}

/** /home: the trading platform. */
export function HomeRoute() {
  const { t } = useTranslation();
  const trading = useTrading();
  const { market, betSlip, bets } = trading;
  const { announcement, announce } = useAnnouncer();
  useTradingAnnouncements(trading, announce);
  const place = usePlaceBet(trading, announce);
  const [helpOpen, setHelpOpen] = useState(false);
  // Loaded when first asked for, then kept: the dialog hands focus back as it closes.
  const [helpWanted, setHelpWanted] = useState(false);
  const openHelp = () => {
    setHelpWanted(true);
    setHelpOpen(true);
  };
  const shortcuts = useRoomKeys(trading, { announce, place, openHelp });
  useFocusFallback();
  return (
    <Workspace data-testid="trading-platform">
      <VisuallyHidden as="h1">{t('trading.home.title')}</VisuallyHidden>
      <SkipToSlip />
      <LiveAnnouncer announcement={announcement} />
      <RealityCheck />
      <Column>
        <Area area="chart" id={CHART_AREA_ID}>
          <ChartGridPanel market={market} bets={bets} />
        </Area>
        <Area area="bets">
          <BetsPanel bets={bets} />
        </Area>
      </Column>
      <Column>
        <Area area="slip" id={SLIP_ID} tabIndex={-1}>
          <BetSlipPanel market={market} betSlip={betSlip} bets={bets} place={place} />
        </Area>
        <Area area="controls">
          <Suspense fallback={null}>
            <TradeControlsPanel market={market} />
          </Suspense>
        </Area>
        <Area area="side">
          <RoomTools>
            <RoomSound />
            <Button variant="ghost" size="sm" aria-keyshortcuts="?" onClick={openHelp}>
              {t('trading.keys.open')}
            </Button>
          </RoomTools>
          <TournamentPanel />
        </Area>
      </Column>
      <BetResult bets={bets} />
      {helpWanted && (
        <Suspense fallback={null}>
          <ShortcutHelp open={helpOpen} shortcuts={shortcuts} onClose={() => setHelpOpen(false)} />
        </Suspense>
      )}
    </Workspace>
  );
}
