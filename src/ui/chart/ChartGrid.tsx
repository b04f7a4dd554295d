import type { ReactNode } from 'react';
import { styled } from '../stitches.config';
import { SegmentedRadio } from '../trading/Segments';

/** How many charts the room shows at once: one, two side by side, or two by two. */
export type ChartGridSize = 1 | 2 | 4;
export const CHART_GRID_SIZES: readonly ChartGridSize[] = [1, 2, 4];

const PickerRow = styled('div', {
  display: 'flex',
  justifyContent: 'flex-end',
  marginBottom: '$2',
  // The one-column room (tablets and phones) shows one chart: no grid to choose there.
  '@compact': { display: 'none' },
});

export interface ChartGridPickerProps {
  value: ChartGridSize;
  onChange: (grid: ChartGridSize) => void;
  /** The group's name and each size's ('1 chart', '2 charts', '2 × 2'). */
  labels: { label: string; options: Record<ChartGridSize, string> };
}

/** The choice of 1, 2 or 4 charts, a radio group (arrows move, one Tab stop). */
export function ChartGridPicker({ value, onChange, labels }: ChartGridPickerProps) {
  return (
    <PickerRow data-testid="chart-grid-picker">
      <SegmentedRadio
        label={labels.label}
        value={value}
        onChange={onChange}
        options={CHART_GRID_SIZES.map((size) => ({ value: size, label: labels.options[size] }))}
      />
    </PickerRow>
  );
}

const Cells = styled('div', {
  display: 'grid',
  gap: '$3',
  gridTemplateColumns: 'minmax(0, 1fr)',
  variants: {
    grid: {
      1: {},
      2: { '@lg': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
      4: { '@lg': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
    },
  },
});

const Cell = styled('div', {
  minWidth: 0,
  borderRadius: '$lg',
  variants: {
    framed: {
      // In a grid the active chart is ringed; the others are not (the ring is not the focus ring,
      // which the controls inside keep drawing).
      true: {
        padding: '$2',
        border: '2px solid transparent',
        '&[data-active="true"]': { borderColor: '$secondaryText' },
        '@compact': { padding: 0, border: 'none' },
      },
    },
  },
  // One chart below the two-column room: the active one.
  '@compact': { '&[data-active="false"]': { display: 'none' } },
});

export interface ChartGridProps {
  grid: ChartGridSize;
  /** The chart the trader works on (the bet slip's pair). */
  active: number;
  /** One chart per cell, `grid` of them. */
  cells: readonly ReactNode[];
  /** A pointer press or the focus inside a chart makes it the active one. */
  onActivate: (index: number) => void;
  /** Each cell's name for assistive technology: 'Chart 2 of 4, active'. */
  cellLabel: (index: number, active: boolean) => string;
}

/**
 * The room's charts side by side (two) or two by two (four), each a whole chart with its own
 * controls. Pressing or tabbing into one makes it the active chart, ringed and named so; below the
 * two-column room only the active chart shows.
 */
export function ChartGrid({ grid, active, cells, onActivate, cellLabel }: ChartGridProps) {
  if (grid === 1) return <>{cells[0]}</>;
  return (
    <Cells grid={grid} data-testid="chart-grid" data-grid={grid}>
      {cells.slice(0, grid).map((cell, index) => (
        <Cell
          // The cells are places in the grid: the chart at a place stays mounted as others change.
          key={index}
          framed
          role="group"
          aria-label={cellLabel(index, index === active)}
          data-active={index === active}
          data-testid="chart-cell"
          onPointerDownCapture={() => index !== active && onActivate(index)}
          onFocusCapture={() => index !== active && onActivate(index)}
        >
          {cell}
        </Cell>
      ))}
    </Cells>
  );
}
