import type { IndicatorKind, IndicatorSettings } from '../../../shared/chart-indicators';
import { formatNumber } from '../../../shared/format';
import type { IndicatorDefinition } from './definition';
import { OVERLAY_DEFINITIONS } from './overlay-indicators';
import { PANE_DEFINITIONS } from './pane-indicators';

/** Every indicator a chart offers, by kind: how it is drawn and how it reads the bars. */
export const INDICATORS: Record<IndicatorKind, IndicatorDefinition> = { ...OVERLAY_DEFINITIONS, ...PANE_DEFINITIONS };

/** 'SMA 20', 'MACD 12, 26, 9', 'Bollinger Bands 20, 2'; the numbers in the language's writing ('Bollinger 20; 1,5' in Russian). */
export function indicatorTitle(settings: IndicatorSettings, name: string, language: string) {
  const definition = INDICATORS[settings.kind];
  const numbers = settings.periods.slice(0, definition.periodCount).map((period) => formatNumber(period, language));
  if (definition.usesMultiplier) numbers.push(formatNumber(settings.multiplier, language));
  // A language that writes its decimals after a comma separates the numbers with a semicolon.
  const separator = formatNumber(0.5, language).includes(',') ? '; ' : ', ';
  return numbers.length ? `${name} ${numbers.join(separator)}` : name;
}
