import type { IndicatorSettings } from '../../../shared/chart-indicators';
import type { IndicatorLine, IndicatorRuntime } from '../engine/indicator-view';
import type { PriceCandle } from '../engine/types';
import { INDICATORS, indicatorTitle } from './catalogue';
import type { IndicatorStep } from './definition';

/** A translucent fill from a #rrggbb colour. */
function tint(color: string, alpha: number) {
  const n = Number.parseInt(color.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/**
 * A live indicator from its settings: the definition's lines as growing arrays, filled once over
 * the bars, then one step per tick (the last value replaced, or one appended): O(1) per tick.
 */
export function createIndicator(settings: IndicatorSettings, label: string): IndicatorRuntime {
  const definition = INDICATORS[settings.kind];
  const lines: IndicatorLine[] = definition.lines.map((line) => ({
    key: line.key,
    values: [],
    color: line.color ?? settings.color,
    width: settings.width,
    mark: line.mark,
  }));
  let step: IndicatorStep = definition.create(settings);
  const write = (values: Record<string, number> | null, at: number) => {
    for (const line of lines) {
      const v = values?.[line.key];
      line.values[at] = v === undefined || !Number.isFinite(v) ? NaN : v;
    }
  };
  return {
    id: settings.id,
    placement: definition.placement,
    label,
    lines,
    bands: (definition.bands ?? []).map((band) => ({ ...band, fill: tint(settings.color, 0.08) })),
    levels: definition.levels ?? [],
    range: definition.range ?? null,
    reset(bars: readonly PriceCandle[]) {
      step = definition.create(settings);
      for (const line of lines) line.values.length = 0;
      for (let i = 0; i < bars.length; i++) write(step(bars[i]!, false), i);
    },
    update(bar: PriceCandle, appended: boolean) {
      const length = lines[0]?.values.length ?? 0;
      if (!appended && length === 0) return;
      write(step(bar, !appended), appended ? length : length - 1);
    },
    dropFirst(count: number) {
      for (const line of lines) line.values.splice(0, count);
    },
  };
}

export { newIndicatorSettings } from '../../../shared/chart-indicators';

/** The live indicators of a chart's settings (hidden ones left out), named as the legend shows them. */
export function createIndicators(
  settings: readonly IndicatorSettings[],
  nameOf: (kind: IndicatorSettings['kind']) => string,
  language: string,
): IndicatorRuntime[] {
  return settings
    .filter((item) => !item.hidden)
    .map((item) => createIndicator(item, indicatorTitle(item, nameOf(item.kind), language)));
}
