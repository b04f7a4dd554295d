import { assign, fromPromise, setup } from 'xstate';
import type { ChartLayout, ChartSettings, IndicatorTemplate } from '../../api/contract/chart';
import type { ChartStyle } from '../../shared/chart-series';
import { addDrawing, moveDrawing, removeDrawing } from '../../shared/chart-drawings';
import type { Drawing } from '../../shared/chart-drawings';
import { clampMainWeight } from '../../shared/chart-panes';
import {
  INDICATOR_PALETTE,
  MAX_INDICATORS_PER_CHART,
  MAX_TEMPLATES,
  newIndicatorSettings,
} from '../../shared/chart-indicators';
import type { IndicatorKind, IndicatorSettings } from '../../shared/chart-indicators';
import type { ChartTimeframe } from '../market/market.machine';
import { notProvided } from '../app/failure';
import { toProblem } from '../money-flow/problem';
import type { Problem } from '../money-flow/problem';

/**
 * A chart's layout before the trader changed anything: ticks, candles (which ticks draw as an
 * area, as the chart always did), no indicators.
 */
export const defaultChart = (pairId: string | null = null): ChartSettings => ({
  pairId,
  timeframe: 'ticks',
  style: 'candles',
  indicators: [],
});
export const DEFAULT_LAYOUT: ChartLayout = { grid: 1, charts: [defaultChart()], templates: [] };

export interface ChartLayoutContext {
  layout: ChartLayout;
  /** Whether the server held a layout (restored) or the defaults are shown. */
  restored: boolean;
  problem: Problem | null;
}

/** `chart` is the chart's index in the grid (0 when there is one). */
export type ChartLayoutEvent =
  | { type: 'style.choose'; chart?: number; style: ChartStyle }
  | { type: 'timeframe.choose'; chart?: number; timeframe: ChartTimeframe }
  | { type: 'pair.choose'; chart?: number; pairId: string }
  | { type: 'indicator.add'; chart?: number; kind: IndicatorKind }
  | { type: 'indicator.change'; chart?: number; settings: IndicatorSettings }
  | { type: 'indicator.remove'; chart?: number; id: string }
  | { type: 'template.save'; chart?: number; name: string }
  | { type: 'template.apply'; chart?: number; name: string }
  | { type: 'template.remove'; name: string }
  | { type: 'grid.choose'; grid: ChartLayout['grid'] }
  /** The trader works on chart `chart` now: its pair goes to the bet slip. */
  | { type: 'chart.activate'; chart: number }
  | { type: 'panes.resize'; chart?: number; mainWeight: number }
  | { type: 'drawing.add'; pairId: string; drawing: Omit<Drawing, 'id'> }
  /** Moves the whole drawing, or only its point `point` (a handle dragged). */
  | { type: 'drawing.move'; pairId: string; id: string; dt: number; dv: number; point?: number }
  | { type: 'drawing.remove'; pairId: string; id: string }
  /** The pair's drawings as a whole (a lock, an undo or a redo). */
  | { type: 'drawings.set'; pairId: string; drawings: Drawing[] }
  | { type: 'drawings.hide'; hidden: boolean }
  | { type: 'save.retry' };

/** The layout with chart `index` changed by `change` (charts past the end start from the first's pair). */
function withChart(layout: ChartLayout, index: number, change: (chart: ChartSettings) => ChartSettings): ChartLayout {
  const charts = [...layout.charts];
  while (charts.length <= index) charts.push(defaultChart(charts[0]?.pairId ?? null));
  charts[index] = change(charts[index]!);
  return { ...layout, charts };
}

/** The layout with pair `pairId`'s drawings changed by `change`. */
function withDrawings(layout: ChartLayout, pairId: string, change: (drawings: Drawing[]) => Drawing[]): ChartLayout {
  const drawings = { ...layout.drawings };
  const next = change(drawings[pairId] ?? []);
  if (next.length) drawings[pairId] = next;
  else delete drawings[pairId];
  return { ...layout, drawings };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The trader's chart layout: each chart's pair, timeframe, kind and indicators, the grid, and the
 * named indicator templates. It is read from the server when the room opens (so it follows the
 * trader to the next sign-in and to another device) and written back a moment after each change,
 * one save for a burst of edits. Edits wait for the first read, so the stored layout is not
 * overwritten by the defaults.
 */
export const chartLayoutMachine = setup({
  types: {
    context: {} as ChartLayoutContext,
    events: {} as ChartLayoutEvent,
  },
  actors: {
    loadLayout: fromPromise<ChartLayout | null>(notProvided('loadLayout')),
    saveLayout: fromPromise<ChartLayout | null, ChartLayout>(notProvided('saveLayout')),
  },
  delays: {
    /** How long after the last edit the layout is saved. */
    saveDelay: 800,
  },
  guards: {
    roomForIndicator: ({ context, event }) =>
      event.type === 'indicator.add' &&
      (context.layout.charts[event.chart ?? 0]?.indicators.length ?? 0) < MAX_INDICATORS_PER_CHART,
    roomForTemplate: ({ context, event }) =>
      event.type === 'template.save' &&
      event.name.trim().length > 0 &&
      event.name.trim().length <= 40 &&
      (context.layout.templates.length < MAX_TEMPLATES ||
        context.layout.templates.some((t) => sameName(t.name, event.name))),
  },
}).createMachine({
  id: 'chartLayout',
  context: { layout: DEFAULT_LAYOUT, restored: false, problem: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadLayout',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => (event.output ? { layout: event.output, restored: true } : {})),
        },
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    ready: {
      initial: 'saved',
      on: {
        'style.choose': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) =>
              withChart(context.layout, event.chart ?? 0, (c) => ({ ...c, style: event.style })),
          }),
        },
        'timeframe.choose': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) =>
              withChart(context.layout, event.chart ?? 0, (c) => ({ ...c, timeframe: event.timeframe })),
          }),
        },
        'pair.choose': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) =>
              withChart(context.layout, event.chart ?? 0, (c) => ({ ...c, pairId: event.pairId })),
          }),
        },
        'indicator.add': {
          guard: 'roomForIndicator',
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) =>
              withChart(context.layout, event.chart ?? 0, (c) => ({
                ...c,
                indicators: [
                  ...c.indicators,
                  newIndicatorSettings(
                    event.kind,
                    c.indicators,
                    INDICATOR_PALETTE[c.indicators.length % INDICATOR_PALETTE.length]!,
                  ),
                ],
              })),
          }),
        },
        'indicator.change': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) =>
              withChart(context.layout, event.chart ?? 0, (c) => ({
                ...c,
                indicators: c.indicators.map((item) => (item.id === event.settings.id ? event.settings : item)),
              })),
          }),
        },
        // jscpd:ignore-start: statechart config; each layout edit is its own transition.
        'indicator.remove': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) =>
              withChart(context.layout, event.chart ?? 0, (c) => ({
                ...c,
                indicators: c.indicators.filter((item) => item.id !== event.id),
              })),
          }),
        },
        // jscpd:ignore-end
        'template.save': {
          guard: 'roomForTemplate',
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) => {
              const template: IndicatorTemplate = {
                name: event.name.trim(),
                indicators: context.layout.charts[event.chart ?? 0]?.indicators ?? [],
              };
              const others = context.layout.templates.filter((t) => !sameName(t.name, event.name));
              return { ...context.layout, templates: [...others, template] };
            },
          }),
        },
        'template.apply': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) => {
              const template = context.layout.templates.find((t) => sameName(t.name, event.name));
              if (!template) return context.layout;
              return withChart(context.layout, event.chart ?? 0, (c) => ({ ...c, indicators: template.indicators }));
            },
          }),
        },
        'template.remove': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) => ({
              ...context.layout,
              templates: context.layout.templates.filter((t) => !sameName(t.name, event.name)),
            }),
          }),
        },
        'panes.resize': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) =>
              withChart(context.layout, event.chart ?? 0, (c) => ({
                ...c,
                mainWeight: clampMainWeight(event.mainWeight),
              })),
          }),
        },
        'drawing.add': {
          target: '.pending',
          reenter: true,
          actions: assign({
            // A new drawing shows them all again: the trader is drawing.
            layout: ({ context, event }) => {
              const { drawingsHidden: _shown, ...layout } = context.layout;
              return withDrawings(layout, event.pairId, (d) => addDrawing(d, event.drawing));
            },
          }),
        },
        'drawing.move': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) =>
              withDrawings(context.layout, event.pairId, (d) =>
                moveDrawing(d, event.id, event.dt, event.dv, event.point),
              ),
          }),
        },
        'drawing.remove': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) =>
              withDrawings(context.layout, event.pairId, (d) => removeDrawing(d, event.id)),
          }),
        },
        'drawings.set': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) => withDrawings(context.layout, event.pairId, () => event.drawings),
          }),
        },
        'drawings.hide': {
          target: '.pending',
          reenter: true,
          actions: assign({ layout: ({ context, event }) => ({ ...context.layout, drawingsHidden: event.hidden }) }),
        },
        'grid.choose': {
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) => {
              const charts = [...context.layout.charts];
              while (charts.length < event.grid) charts.push(defaultChart(charts[0]?.pairId ?? null));
              // A smaller grid hides the charts past it (kept for when it grows again): the active
              // one falls back to the first when it is hidden.
              const active = (context.layout.active ?? 0) < event.grid ? context.layout.active : 0;
              return { ...context.layout, grid: event.grid, charts, active };
            },
          }),
        },
        'chart.activate': {
          guard: ({ context, event }) =>
            event.chart >= 0 && event.chart < context.layout.grid && event.chart !== (context.layout.active ?? 0),
          target: '.pending',
          reenter: true,
          actions: assign({
            layout: ({ context, event }) => ({
              ...withChart(context.layout, event.chart, (c) => c),
              active: event.chart,
            }),
          }),
        },
      },
      states: {
        saved: {},
        /** An edit waits for the next ones: the last of a burst saves. */
        pending: { after: { saveDelay: 'saving' } },
        saving: {
          tags: ['saving'],
          invoke: {
            src: 'saveLayout',
            input: ({ context }) => context.layout,
            onDone: { target: 'saved', actions: assign({ problem: null }) },
            onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
          },
        },
        failed: {
          tags: ['saveFailed'],
          on: { 'save.retry': 'saving' },
        },
      },
    },
  },
});
