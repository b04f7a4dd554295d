import { z } from 'zod';
import { CHART_INTERVALS, pairIdSchema } from './market';
import { CHART_STYLES } from '../../shared/chart-series';
import { INDICATOR_KINDS, MAX_INDICATORS_PER_CHART, MAX_TEMPLATES, PRICE_SOURCES } from '../../shared/chart-indicators';
import type { IndicatorSettings as SharedIndicatorSettings } from '../../shared/chart-indicators';
import { DRAWING_KINDS, MAX_DRAWINGS_PER_PAIR, MAX_DRAWING_TEXT, pointsOf } from '../../shared/chart-drawings';
import { MAX_MAIN_WEIGHT, MIN_MAIN_WEIGHT } from '../../shared/chart-panes';
import type { Drawing as SharedDrawing } from '../../shared/chart-drawings';

export { INDICATOR_KINDS } from '../../shared/chart-indicators';
export type { IndicatorKind } from '../../shared/chart-indicators';

/**
 * The trader's chart layout, kept on the server (GET/PUT /api/chart/layout): each chart's pair,
 * timeframe, kind and indicators, and named indicator templates to apply to any chart.
 */

const indicatorKindSchema = z.enum(INDICATOR_KINDS);

const priceSourceSchema = z.enum(PRICE_SOURCES);

const CHART_TIMEFRAMES = ['ticks', ...CHART_INTERVALS] as const;
const chartTimeframeSchema = z.enum(CHART_TIMEFRAMES);

const MAX_CHARTS = 4;
/** The largest layout body the server takes (bytes); a fuller one is refused, not cut. */
export const CHART_LAYOUT_MAX_BYTES = 32 * 1024;

const indicatorSettingsSchema = z.object({
  /** Tells two instances of one kind apart (two SMAs of different periods). */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/i, { error: 'validation.invalid' }),
  kind: indicatorKindSchema,
  /** The periods the kind reads: SMA one, MACD fast, slow and signal, Stochastic K, slowing and D. */
  periods: z.array(z.number().int().min(1).max(500)).min(1).max(3),
  /** Deviations (Bollinger), ATR multiple (Keltner), percent (Envelopes, ZigZag), step (SAR). */
  multiplier: z.number().positive().max(100),
  source: priceSourceSchema,
  color: z.string().regex(/^#[0-9a-f]{6}$/i, { error: 'validation.invalid' }),
  width: z.number().int().min(1).max(5),
  hidden: z.boolean().optional(),
});
export type IndicatorSettings = z.infer<typeof indicatorSettingsSchema>;
/** The schema and the shared shape the chart draws from are the same. */
const sameShape: [IndicatorSettings, SharedIndicatorSettings] extends [SharedIndicatorSettings, IndicatorSettings]
  ? true
  : never = true;
void sameShape;

const indicatorListSchema = z.array(indicatorSettingsSchema).max(MAX_INDICATORS_PER_CHART);

/**
 * The main series' style. 'hollow' was a style of its own until every candle chart drew rising
 * bodies hollow; a layout saved with it still reads, as the candles that now look the same.
 */
const chartStyleSchema = z.union([z.enum(CHART_STYLES), z.literal('hollow').transform(() => 'candles' as const)]);

const chartSettingsSchema = z.object({
  pairId: pairIdSchema.nullable(),
  timeframe: chartTimeframeSchema,
  style: chartStyleSchema,
  indicators: indicatorListSchema,
  /** The main pane's height against one indicator pane's (3 by default), dragged by the trader. */
  mainWeight: z.number().min(MIN_MAIN_WEIGHT).max(MAX_MAIN_WEIGHT).optional(),
});
export type ChartSettings = z.infer<typeof chartSettingsSchema>;

const indicatorTemplateSchema = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(40),
  indicators: indicatorListSchema,
});
export type IndicatorTemplate = z.infer<typeof indicatorTemplateSchema>;

const drawingPointSchema = z.object({ t: z.number().int().nonnegative(), v: z.number().finite() });

/** A drawing anchored to time and price (see src/shared/chart-drawings.ts). */
export const drawingSchema = z
  .object({
    id: z.string().regex(/^d[0-9]{1,6}$/, { error: 'validation.invalid' }),
    kind: z.enum(DRAWING_KINDS),
    points: z.array(drawingPointSchema).min(1).max(3),
    text: z.string().trim().max(MAX_DRAWING_TEXT).optional(),
    locked: z.boolean().optional(),
  })
  .refine((drawing) => drawing.points.length === pointsOf(drawing.kind), {
    error: 'validation.invalid',
  });
type Drawing = z.infer<typeof drawingSchema>;
const sameDrawing: [Drawing, SharedDrawing] extends [SharedDrawing, Drawing] ? true : never = true;
void sameDrawing;

export const chartLayoutSchema = z.object({
  /** How many charts are shown side by side. */
  grid: z.union([z.literal(1), z.literal(2), z.literal(4)]),
  charts: z.array(chartSettingsSchema).min(1).max(MAX_CHARTS),
  /**
   * The chart the trader works on (its pair is the bet slip's), an index into `charts`; layouts
   * saved before the grid had none and read as the first.
   */
  active: z.number().int().min(0).max(MAX_CHARTS - 1).optional(),
  templates: z
    .array(indicatorTemplateSchema)
    .max(MAX_TEMPLATES)
    .refine((templates) => new Set(templates.map((t) => t.name.toLowerCase())).size === templates.length, {
      error: 'validation.template_name_taken',
    }),
  /** Each pair's drawings, kept with the pair, not the chart: any chart of the pair shows them. */
  drawings: z.record(pairIdSchema, z.array(drawingSchema).max(MAX_DRAWINGS_PER_PAIR)).optional(),
  /** Every chart's drawings hidden ("hide all"); absent in layouts saved before it, read as shown. */
  drawingsHidden: z.boolean().optional(),
});
export type ChartLayout = z.infer<typeof chartLayoutSchema>;

/** GET /api/chart/layout: the stored layout, or null before the first save. PUT answers the same. */
export const chartLayoutPayloadSchema = z.object({ layout: chartLayoutSchema.nullable() });
export type ChartLayoutPayload = z.infer<typeof chartLayoutPayloadSchema>;
