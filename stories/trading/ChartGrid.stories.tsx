import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { ChartGrid, ChartGridPicker } from '../../src/ui/chart/ChartGrid';
import type { ChartGridSize } from '../../src/ui/chart/ChartGrid';
import { PriceChart } from '../../src/ui/chart/PriceChart';
import type { ChartStatus, PriceChartProps } from '../../src/ui/chart/PriceChart';
import type { ChartSeries } from '../../src/shared/chart-series';
import { makeCandles, makeTicks } from '../../tests/msw/trading-fixtures';

const labelsOf = (symbol: string): PriceChartProps['labels'] => ({
  title: `График цены ${symbol}`,
  description: 'Последняя цена 1.08512. Открытых ставок на графике: 0.',
  loading: 'Загружаем график',
  empty: 'Выберите пару для этого графика',
  error: 'Не удалось загрузить график',
  retry: 'Повторить',
  offline: 'Нет связи, переподключаемся…',
  zoomIn: 'Приблизить',
  zoomOut: 'Отдалить',
  resetZoom: 'Исходный масштаб',
});

interface CellData {
  symbol: string;
  series: ChartSeries;
  status: ChartStatus;
}
const NOTHING: ChartSeries = { kind: 'line', points: [] };
const EURUSD: CellData = {
  symbol: 'EUR/USD',
  series: { kind: 'candlestick', candles: makeCandles('eurusd', '1m', 120), intervalMs: 60_000 },
  status: 'ready',
};
const GBPUSD: CellData = { symbol: 'GBP/USD', series: { kind: 'line', points: makeTicks('gbpusd', 300) }, status: 'ready' };
const USDJPY: CellData = {
  symbol: 'USD/JPY',
  series: { kind: 'candlestick', candles: makeCandles('usdjpy', '5m', 120), intervalMs: 300_000 },
  status: 'ready',
};
const LOADING: CellData = { symbol: 'AUD/USD', series: NOTHING, status: 'loading' };
const EMPTY: CellData = { symbol: '', series: NOTHING, status: 'empty' };

const PICKER_LABELS = { label: 'Графиков на экране', options: { 1: '1 график', 2: '2 графика', 4: '2 × 2' } } as const;

/** The room's grid as the route draws it: the size picker above, a whole chart in each cell. */
function Grid({ grid: initialGrid, cells, onActivate }: { grid: ChartGridSize; cells: CellData[]; onActivate: (index: number) => void }) {
  const [grid, setGrid] = useState(initialGrid);
  const [active, setActive] = useState(0);
  return (
    <div>
      <ChartGridPicker value={grid} onChange={setGrid} labels={PICKER_LABELS} />
      <ChartGrid
        grid={grid}
        active={active}
        onActivate={(index) => {
          setActive(index);
          onActivate(index);
        }}
        cellLabel={(index, isActive) => `График ${index + 1} из ${grid}${isActive ? ', активный' : ''}`}
        cells={cells.map((cell, index) => (
          <PriceChart
            key={index}
            series={cell.series}
            status={cell.status}
            digits={cell.symbol.includes('JPY') ? 3 : 5}
            labels={labelsOf(cell.symbol || `${index + 1}`)}
            height={grid === 4 ? 220 : 300}
          />
        ))}
      />
    </div>
  );
}

const meta = {
  title: 'Patterns/Trading/ChartGrid',
  component: Grid,
  subcomponents: { ChartGrid, ChartGridPicker },
  args: { grid: 2, cells: [EURUSD, GBPUSD], onActivate: fn() },
  // The grid is the desktop room's: below 992px one chart shows.
  parameters: { layout: 'padded', viewport: { defaultViewport: 'desktop' } },
} satisfies Meta<typeof Grid>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The cells of the grid, in order. */
const cellsOf = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll<HTMLElement>('[data-testid="chart-cell"]')];
const painted = (cell: HTMLElement) => cell.querySelectorAll('.y-axis .tick').length > 0;

export const TwoCharts: Story = {
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await expect(canvas.getByRole('radio', { name: '2 графика' })).toBeChecked();
    const [first, second] = cellsOf(canvasElement);
    await expect(first).toHaveAttribute('data-active', 'true');
    await expect(first).toHaveAccessibleName('График 1 из 2, активный');
    await waitFor(() => expect(cellsOf(canvasElement).every(painted)).toBe(true));
    // Pressing the second chart makes it the active one.
    await userEvent.click(canvas.getByRole('group', { name: 'График цены GBP/USD' }));
    await expect(args.onActivate).toHaveBeenCalledWith(1);
    await expect(second).toHaveAttribute('data-active', 'true');
    await expect(first).toHaveAttribute('data-active', 'false');
  },
};

export const FourCharts: Story = {
  args: { grid: 4, cells: [EURUSD, GBPUSD, USDJPY, { ...EURUSD, symbol: 'EUR/GBP' }] },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await expect(cellsOf(canvasElement)).toHaveLength(4);
    await waitFor(() => expect(cellsOf(canvasElement).every(painted)).toBe(true));
    // The keyboard reaches every chart; tabbing into one makes it active.
    canvas.getByRole('group', { name: 'График цены USD/JPY' }).focus();
    await expect(args.onActivate).toHaveBeenCalledWith(2);
    await expect(cellsOf(canvasElement)[2]).toHaveAccessibleName('График 3 из 4, активный');
    // Back to one chart: the first alone, with no cell around it.
    await userEvent.click(canvas.getByRole('radio', { name: '1 график' }));
    await expect(cellsOf(canvasElement)).toHaveLength(0);
    await expect(canvas.getAllByRole('group', { name: /^График цены/ })).toHaveLength(1);
  },
};

export const LoadingCell: Story = {
  args: { cells: [EURUSD, LOADING] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Загружаем график')).toBeVisible();
  },
};

export const EmptyCell: Story = {
  args: { cells: [EURUSD, EMPTY] },
  play: async ({ canvas }) => {
    // A chart that has no pair yet says what to do.
    await expect(canvas.getByText('Выберите пару для этого графика')).toBeVisible();
  },
};
