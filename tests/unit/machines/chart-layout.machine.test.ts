import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { chartLayoutMachine, DEFAULT_LAYOUT } from '../../../src/machines/chart-layout/chart-layout.machine';
import { chartLayoutSchema, type ChartLayout } from '../../../src/api/contract/chart';
import type { ChartLayoutEvent } from '../../../src/machines/chart-layout/chart-layout.machine';
import { getSimplePaths } from 'xstate/graph';
import { selectActiveChart, selectChart, selectGrid, selectLayoutSaveFailed } from '../../../src/machines/chart-layout/chart-layout.selectors';

const stored: ChartLayout = {
  grid: 1,
  charts: [{ pairId: 'eurusd', timeframe: '15s', style: 'heikinAshi', indicators: [] }],
  templates: [],
};

function start({ load = async () => stored as ChartLayout | null, fail = false } = {}) {
  const saves: ChartLayout[] = [];
  const actor = createActor(
    chartLayoutMachine.provide({
      delays: { saveDelay: 20 },
      actors: {
        loadLayout: fromPromise(load),
        saveLayout: fromPromise<ChartLayout | null, ChartLayout>(async ({ input }) => {
          if (fail) throw new Error('offline');
          saves.push(input);
          return input;
        }),
      },
    }),
  ).start();
  return { actor, saves };
}

describe('chart layout machine', () => {
  test('restores the stored layout; without one keeps the defaults', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ layout: stored, restored: true });
    const empty = start({ load: async () => null }).actor;
    await waitFor(empty, (s) => s.matches('ready'));
    expect(empty.getSnapshot().context).toMatchObject({ layout: DEFAULT_LAYOUT, restored: false });
  });

  test('a burst of edits is saved once, after the last one', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'indicator.add', kind: 'rsi' });
    actor.send({ type: 'indicator.add', kind: 'bollinger' });
    actor.send({ type: 'style.choose', style: 'candles' });
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }) && saves.length > 0);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.charts[0]!.style).toBe('candles');
    expect(saves[0]!.charts[0]!.indicators.map((i) => i.id)).toEqual(['rsi-1', 'bollinger-1']);
    // A second instance of a kind gets its own id and the next colour.
    actor.send({ type: 'indicator.add', kind: 'rsi' });
    const indicators = selectChart(0)(actor.getSnapshot()).indicators;
    expect(indicators.map((i) => i.id)).toEqual(['rsi-1', 'bollinger-1', 'rsi-2']);
    expect(new Set(indicators.map((i) => i.color)).size).toBe(3);
  });

  test('a drawing moves whole, or only the point a handle dragged, and the move is saved', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    const A = { t: 1000, v: 1.1 };
    const B = { t: 5000, v: 1.2 };
    actor.send({ type: 'drawing.add', pairId: 'eurusd', drawing: { kind: 'trend', points: [A, B] } });
    actor.send({ type: 'drawing.move', pairId: 'eurusd', id: 'd1', dt: 500, dv: 0.05, point: 1 });
    const points = () => actor.getSnapshot().context.layout.drawings?.eurusd?.[0]?.points;
    expect(points()).toEqual([A, { t: 5500, v: 1.25 }]);
    actor.send({ type: 'drawing.move', pairId: 'eurusd', id: 'd1', dt: -500, dv: 0 });
    expect(points()).toEqual([{ t: 500, v: 1.1 }, { t: 5000, v: 1.25 }]);
    await waitFor(actor, () => saves.length > 0);
    expect(saves.at(-1)!.drawings?.eurusd?.[0]?.points).toEqual(points());
  });

  test('templates: saved from a chart, applied to another, names case-insensitive', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'indicator.add', kind: 'ema' });
    actor.send({ type: 'template.save', name: 'Trend' });
    actor.send({ type: 'template.save', name: 'trend ' });
    expect(actor.getSnapshot().context.layout.templates.map((t) => t.name)).toEqual(['trend']);
    actor.send({ type: 'template.save', name: '   ' });
    expect(actor.getSnapshot().context.layout.templates).toHaveLength(1);
    actor.send({ type: 'grid.choose', grid: 2 });
    actor.send({ type: 'template.apply', chart: 1, name: 'TREND' });
    expect(selectChart(1)(actor.getSnapshot()).indicators.map((i) => i.kind)).toEqual(['ema']);
    actor.send({ type: 'template.remove', name: 'Trend' });
    expect(actor.getSnapshot().context.layout.templates).toEqual([]);
  });

  test('a failed save is kept and retried on request', async () => {
    const { actor } = start({ fail: true });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'style.choose', style: 'bars' });
    await waitFor(actor, (s) => selectLayoutSaveFailed(s));
    expect(actor.getSnapshot().context.problem).not.toBeNull();
    expect(actor.getSnapshot().context.layout.charts[0]!.style).toBe('bars');
  });

  test('twelve indicators at most on a chart', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    for (let i = 0; i < 14; i++) actor.send({ type: 'indicator.add', kind: 'sma' });
    expect(selectChart(0)(actor.getSnapshot()).indicators).toHaveLength(12);
  });

  test('a grid of charts: each its own pair and timeframe, one active, saved together', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    // A layout saved before the grid had no active chart: the first is.
    expect(selectActiveChart(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'grid.choose', grid: 4 });
    // New charts start on the first one's pair.
    expect(actor.getSnapshot().context.layout.charts.map((c) => c.pairId)).toEqual(['eurusd', 'eurusd', 'eurusd', 'eurusd']);
    actor.send({ type: 'pair.choose', chart: 1, pairId: 'gbpusd' });
    actor.send({ type: 'timeframe.choose', chart: 3, timeframe: '5m' });
    actor.send({ type: 'chart.activate', chart: 3 });
    expect(selectActiveChart(actor.getSnapshot())).toBe(3);
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }) && saves.length > 0);
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ grid: 4, active: 3 });
    expect(saves[0]!.charts.map((c) => `${c.pairId} ${c.timeframe}`)).toEqual([
      'eurusd 15s',
      'gbpusd ticks',
      'eurusd ticks',
      'eurusd 5m',
    ]);
    // A chart outside the grid cannot be made active.
    actor.send({ type: 'grid.choose', grid: 2 });
    expect(selectActiveChart(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'chart.activate', chart: 3 });
    expect(selectActiveChart(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'chart.activate', chart: 1 });
    expect(selectActiveChart(actor.getSnapshot())).toBe(1);
    // Back to one chart and out again: the hidden charts kept their settings.
    actor.send({ type: 'grid.choose', grid: 1 });
    expect(selectGrid(actor.getSnapshot())).toBe(1);
    expect(selectActiveChart(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'grid.choose', grid: 2 });
    expect(selectChart(1)(actor.getSnapshot()).pairId).toBe('gbpusd');
  });

  test('every path of grid choices and activations ends with the active chart inside the grid', () => {
    const events: ChartLayoutEvent[] = [
      { type: 'grid.choose', grid: 1 },
      { type: 'grid.choose', grid: 2 },
      { type: 'grid.choose', grid: 4 },
      { type: 'chart.activate', chart: 1 },
      { type: 'chart.activate', chart: 3 },
    ];
    const machine = chartLayoutMachine.provide({
      actors: {
        loadLayout: fromPromise<ChartLayout | null>(async () => null),
        saveLayout: fromPromise<ChartLayout | null, ChartLayout>(async () => null),
      },
    });
    const paths = getSimplePaths(machine, {
      events,
      // The grid and the active chart are what these events change.
      serializeState: (state) =>
        JSON.stringify([state.value, state.context.layout.grid, state.context.layout.active ?? 0]),
      fromState: machine.resolveState({
        value: { ready: 'saved' },
        context: { layout: DEFAULT_LAYOUT, restored: false, problem: null },
      }),
    });
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      const { grid, active = 0 } = path.state.context.layout;
      expect(active).toBeLessThan(grid);
      expect(path.state.context.layout.charts.length).toBeGreaterThanOrEqual(grid);
      expect(chartLayoutSchema.safeParse(path.state.context.layout).success).toBe(true);
    }
  });
});
