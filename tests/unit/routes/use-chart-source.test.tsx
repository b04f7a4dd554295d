import { act, render, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { createActor, setup } from 'xstate';
import type { Api } from '../../../src/api/api';
import type { ChartInterval } from '../../../src/api/contract/market';
import type { MarketEndpoints } from '../../../src/api/endpoints/market';
import type { AppActorRef } from '../../../src/machines/app/app.machine';
import { marketActors } from '../../../src/machines/market/market.actors';
import { marketMachine, type ChartTimeframe } from '../../../src/machines/market/market.machine';
import { selectPairId, selectTimeframe } from '../../../src/machines/market/market.selectors';
import { ActorTracker } from '../../../src/inspector/actor-tracker';
import { AppServicesProvider } from '../../../src/routes/app-services';
import { ActorRegistry } from '../../../src/routes/shell/actor-registry';
import { useChartSource } from '../../../src/routes/home/use-chart-source';
import type { MarketRef } from '../../../src/routes/home/use-trading';
import { pairList } from '../machines/trading-fixtures';

interface Settings {
  pairId: string | null;
  timeframe: ChartTimeframe;
}

/** The chart calls, counted: `candles eurusd 1m`, `line gbpusd`. */
function countingEndpoints() {
  const requests: string[] = [];
  const market = {
    pairs: async () => pairList,
    line: async (pairId: string) => {
      requests.push(`line ${pairId}`);
      return [{ id: 1, t: 1000, v: 1.2 }];
    },
    candles: async (pairId: string, interval: ChartInterval) => {
      requests.push(`candles ${pairId} ${interval}`);
      return [{ t: 60_000, o: 1.1, h: 1.1, l: 1.1, c: 1.1 }];
    },
  } as unknown as MarketEndpoints;
  return { market, requests };
}

function setupRoom() {
  const { market: endpoints, requests } = countingEndpoints();
  const market = createActor(
    marketMachine.provide({
      actors: marketActors(endpoints),
      actions: { storeChoice: () => undefined, subscribePairs: () => undefined },
    }),
    { input: { storedPairId: 'eurusd', storedChartKind: 'candlestick' } },
  ).start() as unknown as MarketRef;
  const registry = new ActorRegistry();
  const tracker = new ActorTracker(registry);
  registry.observe(tracker.track);
  const app = createActor(setup({}).createMachine({})).start() as unknown as AppActorRef;
  const api = { market: endpoints } as unknown as Api;
  const realtime = { onMessage: () => () => undefined } as never;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppServicesProvider value={{ api, realtime, storage: localStorage }} appActor={app} actors={registry}>
      {children}
    </AppServicesProvider>
  );
  // Every render of every chart: what it showed.
  const shown: Array<{ cell: number; status: string; points: number }> = [];
  const feeds = () => tracker.list().filter((entry) => entry.name.startsWith('chartFeed'));
  return { market, requests, wrapper, shown, feeds };
}

type Room = ReturnType<typeof setupRoom>;

function Cell({ room, settings, active, cell }: { room: Room; settings: Settings; active: boolean; cell: number }) {
  const source = useChartSource(room.market, settings, active, cell);
  const { series } = source;
  room.shown.push({ cell, status: source.status, points: series.kind === 'line' ? series.points.length : series.candles.length });
  return null;
}

/** The grid as the room draws it: the market follows the active chart (ChartGridPanel's rule). */
function Grid({ room, charts, active }: { room: Room; charts: Settings[]; active: number }) {
  useEffect(() => {
    const chart = charts[active]!;
    const current = room.market.getSnapshot();
    if (chart.pairId && chart.pairId !== selectPairId(current)) room.market.send({ type: 'pair.choose', pairId: chart.pairId });
    if (chart.timeframe !== selectTimeframe(current)) room.market.send({ type: 'chart.timeframe', timeframe: chart.timeframe });
  }, [room, charts, active]);
  return charts.map((settings, cell) => <Cell key={cell} room={room} settings={settings} active={cell === active} cell={cell} />);
}

const EURUSD_1M: Settings = { pairId: 'eurusd', timeframe: '1m' };
const GBPUSD_TICKS: Settings = { pairId: 'gbpusd', timeframe: 'ticks' };

async function marketReady(room: Room) {
  await waitFor(() => expect(room.market.getSnapshot().matches({ ready: { chart: 'shown' } })).toBe(true));
}

describe('the grid charts and their feeds', () => {
  test('each chart has its feed in the registry, named chartFeed.<n>, stopped with its chart and with the page', async () => {
    const room = setupRoom();
    await marketReady(room);
    const view = render(<Grid room={room} charts={[EURUSD_1M, GBPUSD_TICKS]} active={0} />, { wrapper: room.wrapper });
    await waitFor(() => expect(room.feeds().map((feed) => feed.name)).toEqual(['chartFeed.1', 'chartFeed.2']));
    const [first, second] = room.feeds();
    expect(first!.route).toBe('/');
    expect(first!.parent).toBeNull();
    expect((second!.actor as { systemId?: string }).systemId).toBe('chartFeed.2');
    expect(second!.actor.getSnapshot().context).toMatchObject({ pairId: 'gbpusd', following: false });

    view.rerender(<Grid room={room} charts={[EURUSD_1M]} active={0} />);
    // The registry saw it stop (useActorRef keeps a stopped actor's last snapshot for a remount).
    await waitFor(() => expect(room.feeds().map((feed) => feed.name)).toEqual(['chartFeed.1']));

    view.unmount();
    await waitFor(() => expect(room.feeds()).toEqual([]));
  });

  test('every series is read once, and switching the active chart neither reads again nor blanks a chart', async () => {
    const room = setupRoom();
    await marketReady(room);
    expect(room.requests).toEqual(['candles eurusd 1m']);
    const charts = [EURUSD_1M, GBPUSD_TICKS];
    const view = render(<Grid room={room} charts={charts} active={0} />, { wrapper: room.wrapper });
    await waitFor(() => expect(room.shown.at(-1)).toMatchObject({ cell: 1, status: 'ready' }));
    // The active chart is the market's; only the other chart read its own.
    expect(room.requests).toEqual(['candles eurusd 1m', 'line gbpusd']);

    room.shown.length = 0;
    act(() => view.rerender(<Grid room={room} charts={charts} active={1} />));
    await waitFor(() => expect(selectPairId(room.market.getSnapshot())).toBe('gbpusd'));
    act(() => view.rerender(<Grid room={room} charts={charts} active={0} />));
    await waitFor(() => expect(selectPairId(room.market.getSnapshot())).toBe('eurusd'));
    expect(selectTimeframe(room.market.getSnapshot())).toBe('1m');

    expect(room.requests).toEqual(['candles eurusd 1m', 'line gbpusd']);
    expect(room.shown.length).toBeGreaterThan(0);
    expect(room.shown.filter((render) => render.status !== 'ready' || render.points === 0)).toEqual([]);

    // A chart put on the pair and timeframe the market shows takes the market's series.
    act(() => view.rerender(<Grid room={room} charts={[EURUSD_1M, EURUSD_1M]} active={0} />));
    await waitFor(() => expect(room.shown.at(-1)).toMatchObject({ cell: 1, status: 'ready' }));
    expect(room.requests).toEqual(['candles eurusd 1m', 'line gbpusd']);
    view.unmount();
  });
});
