/** An open bet as the chart marks it: its entry line and its expiry. */
export interface ChartBetMark {
  id: number;
  direction: 'up' | 'down';
  openRate: number;
  openedAt: number;
  expiresAt: number;
}
