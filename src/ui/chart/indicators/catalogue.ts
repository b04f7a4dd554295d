import type { IndicatorKind, IndicatorSettings } from '../../../shared/chart-indicators';
import type { IndicatorDefinition } from './definition';
import { OVERLAY_DEFINITIONS } from './overlay-indicators';
import { PANE_DEFINITIONS } from './pane-indicators';

/** Every indicator a chart offers, by kind: how it is drawn and how it reads the bars. */
export const INDICATORS: Record<IndicatorKind, IndicatorDefinition> = { ...OVERLAY_DEFINITIONS, ...PANE_DEFINITIONS };

/** 'SMA 20', 'MACD 12, 26, 9', 'Bollinger Bands 20, 2'. */
export function indicatorTitle(settings: IndicatorSettings, name: string) {
  const definition = INDICATORS[settings.kind];
  const numbers = settings.periods.slice(0, definition.periodCount).map(String);
  if (definition.usesMultiplier) numbers.push(String(settings.multiplier));
  return numbers.length ? `${name} ${numbers.join(', ')}` : name;
}
