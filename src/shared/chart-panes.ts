/**
 * How tall the price pane is against the indicator panes: the main pane's weight against one
 * indicator pane's 1. The trader drags the divider (or uses the keyboard) between these bounds;
 * the layout keeps the weight per chart.
 */
export const DEFAULT_MAIN_WEIGHT = 3;
export const MIN_MAIN_WEIGHT = 0.5;
export const MAX_MAIN_WEIGHT = 12;

export const clampMainWeight = (weight: number) => Math.min(MAX_MAIN_WEIGHT, Math.max(MIN_MAIN_WEIGHT, weight));
