import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { styled } from '../stitches.config';
import { clampMainWeight, DEFAULT_MAIN_WEIGHT, MAX_MAIN_WEIGHT, MIN_MAIN_WEIGHT } from '../../shared/chart-panes';
import { mainWeightAt, PANE_GAP } from './engine/panes';

const Handle = styled('div', {
  position: 'absolute',
  left: 0,
  right: 0,
  height: PANE_GAP + 4,
  marginTop: -2,
  cursor: 'row-resize',
  touchAction: 'none',
  '&::after': { content: '""', position: 'absolute', left: 0, right: 0, top: '50%', borderTop: '1px solid $border' },
  '&:hover::after': { borderTopColor: '$secondaryText' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
});

/** One arrow key press changes the main pane's weight by this much. */
const KEY_STEP = 0.25;

export interface PaneDividerProps {
  /** Where the divider is (px from the chart's top): the main pane's bottom. */
  top: number;
  /** The chart's height and its number of indicator panes, to turn a position into a weight. */
  height: number;
  panes: number;
  weight: number;
  onChange: (weight: number) => void;
}

/**
 * The divider between the price pane and the indicator panes: dragged with the pointer, or moved
 * with the arrow keys (Home and End to the bounds), as a focusable separator with its value.
 */
export function PaneDivider({ top, height, panes, weight, onChange }: PaneDividerProps) {
  const { t } = useTranslation();
  const drag = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    const box = event.currentTarget.parentElement!.getBoundingClientRect();
    onChange(clampMainWeight(mainWeightAt(height, panes, event.clientY - box.top)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowUp'
        ? weight - KEY_STEP
        : event.key === 'ArrowDown'
          ? weight + KEY_STEP
          : event.key === 'Home'
            ? MIN_MAIN_WEIGHT
            : event.key === 'End'
              ? MAX_MAIN_WEIGHT
              : null;
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    onChange(clampMainWeight(next));
  };
  return (
    <Handle
      role="separator"
      aria-orientation="horizontal"
      aria-label={t('trading.chart.divider')}
      aria-valuemin={MIN_MAIN_WEIGHT}
      aria-valuemax={MAX_MAIN_WEIGHT}
      aria-valuenow={Math.round(weight * 100) / 100}
      tabIndex={0}
      style={{ top }}
      data-weight={weight}
      onPointerDown={(event) => event.currentTarget.setPointerCapture(event.pointerId)}
      onPointerMove={drag}
      onPointerUp={(event) => event.currentTarget.releasePointerCapture(event.pointerId)}
      onDoubleClick={() => onChange(DEFAULT_MAIN_WEIGHT)}
      onKeyDown={onKeyDown}
    />
  );
}
