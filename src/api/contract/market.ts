import { z } from 'zod';
import { tickSchema } from './realtime';

/** A pair id is a lower-case slug of the symbol: 'eurusd' for EUR/USD. */
export const pairIdSchema = z.string().regex(/^[a-z0-9]{2,16}$/, { error: 'validation.invalid' });

/** The latest price of a pair: the tick a bet slip quotes (its id is the bet's rate_id). */
const rateSchema = tickSchema;

const pairSchema = z.object({
  id: pairIdSchema,
  /** 'EUR/USD' */
  symbol: z.string(),
  /** 'Euro / US Dollar' */
  name: z.string(),
  /** Decimals a price of this pair is shown with (5 for EUR/USD, 3 for USD/JPY). */
  digits: z.number().int().min(0).max(8),
  /** Percent of the stake a winning bet earns on top of the stake (70-92). */
  payout: z.number().int().min(0).max(100),
  min_amount: z.number().positive(),
  max_amount: z.number().positive(),
  active: z.boolean(),
  /** Null only before the first tick of a fresh install. */
  rate: rateSchema.nullable(),
});
export type Pair = z.infer<typeof pairSchema>;

export const END_TIME_STEP_SECONDS = 60;
export const PURCHASE_CUTOFF_SECONDS = 30;

const platformSchema = z.object({
  /** Quick amounts the bet slip offers as buttons (USD). */
  inc_button: z.array(z.number().positive()),
  /** Bet durations on offer, in seconds. */
  intervals: z.array(z.number().int().positive()),
  /** An end time must fall on a multiple of this many seconds. */
  end_time_step: z.number().int().positive(),
  /** An end time must be at least this many seconds away when the bet is placed. */
  purchase_cutoff: z.number().int().nonnegative(),
});
export type Platform = z.infer<typeof platformSchema>;

export const pairListPayloadSchema = z.object({ items: z.array(pairSchema), platform: platformSchema });
export type PairListPayload = z.infer<typeof pairListPayloadSchema>;

/**
 * Candle widths of the candlestick chart and their length in seconds. Widths under a minute are
 * built from the stored ticks, the others from the minute candles; the raw ticks are the line call.
 */
export const CHART_INTERVAL_SECONDS = {
  '5s': 5,
  '15s': 15,
  '30s': 30,
  '1m': 60,
  '2m': 120,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '4h': 14_400,
  '1d': 86_400,
} as const;
export type ChartInterval = keyof typeof CHART_INTERVAL_SECONDS;
export const CHART_INTERVALS = Object.keys(CHART_INTERVAL_SECONDS) as [ChartInterval, ...ChartInterval[]];
const chartIntervalSchema = z.enum(CHART_INTERVALS);

const CHART_KINDS = ['line', 'candlestick'] as const;
export const chartKindSchema = z.enum(CHART_KINDS);
export type ChartKind = z.infer<typeof chartKindSchema>;

const LINE_MINUTES_MAX = 1440;
const CANDLES_LIMIT_MAX = 1000;

/** A query value arrives as text; digits only, so '15abc' or '1e3' is rejected rather than guessed. */
const intParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, { error: 'validation.invalid' })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .transform((v) => v ?? fallback);

export const pairParamsSchema = z.object({ pair: pairIdSchema });

/** GET /pair/{pair}/chart/line?minutes=15 */
export const lineChartQuerySchema = z.object({ minutes: intParam(1, LINE_MINUTES_MAX, 15) });
export const lineChartPayloadSchema = z.object({ points: z.array(tickSchema) });
export type LineChartPayload = z.infer<typeof lineChartPayloadSchema>;

export const candleSchema = z.object({
  /** Start of the candle, epoch ms. */
  t: z.number().int(),
  o: z.number(),
  h: z.number(),
  l: z.number(),
  c: z.number(),
});
export type Candle = z.infer<typeof candleSchema>;

/** GET /pair/{pair}/chart/candlestick/{interval}?limit=300 */
export const candleChartParamsSchema = z.object({ pair: pairIdSchema, interval: chartIntervalSchema });
export const candleChartQuerySchema = z.object({ limit: intParam(1, CANDLES_LIMIT_MAX, 300) });
export const candleChartPayloadSchema = z.object({ candles: z.array(candleSchema) });
export type CandleChartPayload = z.infer<typeof candleChartPayloadSchema>;

/**
 * GET /pair/{pair}/{interval}/{chart}: the same two charts by name. 'line' answers like the line
 * call (minutes from the query), 'candlestick' like the candlestick call for that interval.
 */
export const chartAliasParamsSchema = z.object({ pair: pairIdSchema, interval: chartIntervalSchema, chart: chartKindSchema });
export const chartAliasQuerySchema = z.object({
  minutes: intParam(1, LINE_MINUTES_MAX, 15),
  limit: intParam(1, CANDLES_LIMIT_MAX, 300),
});
