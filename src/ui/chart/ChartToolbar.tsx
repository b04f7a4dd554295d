import type { ReactNode } from 'react';
import { styled } from '../stitches.config';
import { ToolbarSelect } from './ToolbarSelect';
import { CHART_STYLES } from '../../shared/chart-series';
import type { ChartSeries, ChartStyle } from '../../shared/chart-series';
import type { PriceChartLabels } from './PriceChart';

const Controls = styled('div', {
  position: 'absolute',
  top: '$2',
  left: '$2',
  right: '5rem',
  display: 'flex',
  // Narrow charts wrap the controls to more rows at the row's end: a row that scrolled sideways
  // hid its last controls (in every language) and cut the first one in half. On a phone the rows
  // also span the price axis's top, so they take two rows, not four.
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  '@phone': { right: '$2' },
  gap: '$1',
  // The empty part of the toolbar row lets the pointer through to the chart (drag, crosshair).
  pointerEvents: 'none',
  '& > *': { pointerEvents: 'auto', flexShrink: 0 },
});

const ControlButton = styled('button', {
  width: '$controlSm',
  height: '$controlSm',
  border: '1px solid $border',
  borderRadius: '$sm',
  backgroundColor: '$surfaceRaised',
  color: '$text',
  fontSize: '$md',
  fontWeight: '$bold',
  cursor: 'pointer',
  '&:hover': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
});

/** The kind the chart draws: ticks have no candles, so a candle kind over ticks is the area. */
function shownStyle(series: ChartSeries, style: ChartStyle | undefined): ChartStyle {
  if (series.kind === 'line') return style === 'line' ? 'line' : 'area';
  return style ?? 'candles';
}

export interface ChartToolbarProps {
  labels: PriceChartLabels;
  series: ChartSeries;
  style: ChartStyle | undefined;
  /** With `labels.style`, shows the kind picker. */
  onStyleChange?: (style: ChartStyle) => void;
  /** Extra controls at the toolbar's start (the indicator picker). */
  toolbar?: ReactNode;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onResetZoom: () => void;
}

/** The row over the chart's top edge: the extra controls, the chart kind picker and the zoom buttons. */
export function ChartToolbar({
  labels,
  series,
  style,
  onStyleChange,
  toolbar,
  onZoomIn,
  onZoomOut,
  onResetZoom,
}: ChartToolbarProps) {
  return (
    <Controls>
      {toolbar}
      {labels.style && onStyleChange && (
        <ToolbarSelect
          aria-label={labels.style.label}
          title={labels.style.label}
          value={shownStyle(series, style)}
          onChange={(event) => onStyleChange(event.target.value as ChartStyle)}
        >
          {CHART_STYLES.map((option) => (
            <option key={option} value={option}>
              {labels.style!.options[option]}
            </option>
          ))}
        </ToolbarSelect>
      )}
      <ControlButton type="button" aria-label={labels.zoomIn} title={labels.zoomIn} onClick={onZoomIn}>
        +
      </ControlButton>
      <ControlButton type="button" aria-label={labels.zoomOut} title={labels.zoomOut} onClick={onZoomOut}>
        −
      </ControlButton>
      <ControlButton type="button" aria-label={labels.resetZoom} title={labels.resetZoom} onClick={onResetZoom}>
        ⟲
      </ControlButton>
    </Controls>
  );
}
