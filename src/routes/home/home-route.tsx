import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../ui/primitives/VisuallyHidden';
import { styled, TRADE_BAR_HEIGHT } from '../../ui/stitches.config';
import { TournamentPanel } from '../money/tournament-panel';
import { BetSlipPanel } from './bet-slip-panel';
import { BetResult, BetsPanel } from './bets-panel';
import { ChartPanel } from './chart-panel';
import { useTrading } from './use-trading';
import { RealityCheck } from './reality-check';
import { TradeControlsPanel } from './trade-controls-panel';

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
  variants: {
    area: {
      chart: { order: 1 },
      slip: { order: 2 },
      controls: { order: 3 },
      bets: { order: 3 },
      side: { order: 4 },
    },
  },
});

/** /home: the trading platform. */
export function HomeRoute() {
  const { t } = useTranslation();
  const { market, betSlip, bets } = useTrading();
  return (
    <Workspace data-testid="trading-platform">
      <VisuallyHidden as="h1">{t('trading.home.title')}</VisuallyHidden>
      <RealityCheck />
      <Column>
        <Area area="chart">
          <ChartPanel market={market} bets={bets} />
        </Area>
        <Area area="bets">
          <BetsPanel bets={bets} />
        </Area>
      </Column>
      <Column>
        <Area area="slip">
          <BetSlipPanel market={market} betSlip={betSlip} bets={bets} />
        </Area>
        <Area area="controls">
          <TradeControlsPanel market={market} />
        </Area>
        <Area area="side">
          <TournamentPanel />
        </Area>
      </Column>
      <BetResult bets={bets} />
    </Workspace>
  );
}

export default HomeRoute;
