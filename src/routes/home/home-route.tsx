import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../ui/primitives/VisuallyHidden';
import { styled } from '../../ui/stitches.config';
import { TournamentPanel } from '../money/tournament-panel';
import { BetSlipPanel } from './bet-slip-panel';
import { BetResult, BetsPanel } from './bets-panel';
import { ChartPanel } from './chart-panel';
import { useTrading } from './use-trading';

/**
 * Phone: one column (chart, slip, bets, tournament). From 992px: the chart with the bets under it
 * on the left, the slip with the tournament under it on the right.
 */
const Workspace = styled('div', {
  display: 'grid',
  gap: '$5',
  width: '100%',
  maxWidth: '90rem',
  mx: 'auto',
  padding: '$5 $4',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateAreas: '"chart" "slip" "bets" "side"',
  '@phone': { padding: '$3', gap: '$4' },
  '@lg': {
    gridTemplateColumns: 'minmax(0, 1fr) 22rem',
    gridTemplateAreas: '"chart slip" "bets side"',
    alignItems: 'start',
  },
});
const Area = styled('div', {
  minWidth: 0,
  variants: {
    area: {
      chart: { gridArea: 'chart' },
      slip: { gridArea: 'slip' },
      bets: { gridArea: 'bets' },
      side: { gridArea: 'side' },
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
      <Area area="chart">
        <ChartPanel market={market} bets={bets} />
      </Area>
      <Area area="slip">
        <BetSlipPanel market={market} betSlip={betSlip} bets={bets} />
      </Area>
      <Area area="bets">
        <BetsPanel bets={bets} />
      </Area>
      <Area area="side">
        <TournamentPanel />
      </Area>
      <BetResult bets={bets} />
    </Workspace>
  );
}

export default HomeRoute;
