import { axisBottom, axisRight } from 'd3-axis';
import type { ScaleLinear, ScaleTime } from 'd3-scale';
import { select } from 'd3-selection';
import type { BaseType, Selection } from 'd3-selection';
import { CHART_COLORS as COLORS } from './colors';
import { MARGIN } from './panes';
import type { PlotRect } from './types';
import type { ChartBetMark } from './bet-mark';
import type { ChartNumbers } from './chart-numbers';

/** The overlay indicators' names start under the chart's toolbar row (px below the plot's top). */
const LEGEND_TOP = 44;

type Svg = Selection<SVGSVGElement, unknown, null, undefined>;
type Group = Selection<SVGGElement, unknown, null, undefined>;

export interface OverlayPane {
  id: string;
  label: string;
  plot: PlotRect;
  y: ScaleLinear<number, number>;
}

export interface OverlayModel {
  x: ScaleTime<number, number>;
  from: number;
  to: number;
  width: number;
  main: PlotRect;
  y: ScaleLinear<number, number>;
  panes: readonly OverlayPane[];
  /** Labels of the overlay indicators, shown at the main pane's top left. */
  overlayLabels: readonly { id: string; label: string; color: string }[];
  /** How prices and scale values are written, in the reader's language. */
  numbers: ChartNumbers;
  last: { t: number; v: number } | null;
  bets: readonly ChartBetMark[];
  hover: [number, number] | null;
  /** The crosshair's time, to the second. */
  timeLabel: (date: Date) => string;
  /** A time axis label, as precise as the shown span needs. */
  axisLabel: (date: Date, precision: 'seconds' | 'minutes' | 'days') => string;
}

/**
 * How precisely the time axis writes its ticks, from the step between two ticks: a step under a
 * minute needs seconds and one under a day needs minutes, or two ticks would read the same.
 */
const axisPrecision = (stepMs: number) => (stepMs < 60_000 ? 'seconds' : stepMs < 86_400_000 ? 'minutes' : 'days');

/** Half a price-scale label (18 px) and half a tick's text (11 px): a tick label closer than this would be covered. */
const LABEL_CLEARANCE = 15;

/** The overlay's layers, created once; each frame joins data into them. */
export function createOverlay(svg: Svg) {
  svg.selectAll('*').remove();
  svg.append('g').attr('class', 'x-axis');
  svg.append('g').attr('class', 'y-axis');
  svg.append('g').attr('class', 'pane-axes');
  svg.append('g').attr('class', 'legend');
  svg.append('g').attr('class', 'bets');
  svg.append('g').attr('class', 'price');
  svg.append('g').attr('class', 'crosshair').style('pointer-events', 'none');
}

/**
 * Draws the overlay with D3 data joins: nodes are created when their datum appears, updated in
 * place while it stays (a bet keyed by id, the price label, the crosshair) and removed when it goes,
 * so a frame touches attributes only.
 */
export function renderOverlay(svg: Svg, model: OverlayModel) {
  const { main } = model;
  const { price: priceText, scale: scaleText } = model.numbers;
  const axisBottomY = model.panes.length ? model.panes[model.panes.length - 1]!.plot.bottom : main.bottom;

  const times = model.x.ticks(Math.max(2, Math.floor(model.width / 110)));
  const precision = axisPrecision(times.length > 1 ? +times[1]! - +times[0]! : model.to - model.from);
  const xAxis = axisBottom(model.x)
    .tickValues(times)
    .tickFormat((d) => model.axisLabel(d as Date, precision))
    .tickSizeOuter(0);
  const yAxis = axisRight(model.y)
    .ticks(6)
    .tickFormat((d) => priceText(Number(d)))
    .tickSizeOuter(0);
  svg.select<SVGGElement>('.x-axis').attr('transform', `translate(0,${axisBottomY})`).call(xAxis).call(styleAxis);
  svg.select<SVGGElement>('.y-axis').attr('transform', `translate(${main.right},0)`).call(yAxis).call(styleAxis);
  // The current price's label lies on the price scale: a tick label it would cover is not drawn.
  const lastY = model.last ? Math.round(model.y(model.last.v)) + 0.5 : NaN;
  svg
    .selectAll<SVGGElement, number>('.y-axis .tick')
    .attr('visibility', (value) => (Math.abs(model.y(value) - lastY) < LABEL_CLEARANCE ? 'hidden' : null));

  // Each indicator pane: its own value scale and its name.
  svg
    .select<SVGGElement>('.pane-axes')
    .selectAll<SVGGElement, OverlayPane>('g.pane-axis')
    .data(model.panes, (pane) => pane.id)
    .join((enter) => {
      const group = enter.append('g').attr('class', 'pane-axis');
      group.append('g').attr('class', 'pane-scale');
      group.append('text').attr('class', 'pane-label').attr('font-size', 11).attr('fill', COLORS.text);
      return group;
    })
    .attr('data-pane-id', (pane) => pane.id)
    .each(function (pane) {
      const group = selectGroup(this);
      const scale = axisRight(pane.y)
        .ticks(Math.max(2, Math.floor((pane.plot.bottom - pane.plot.top) / 28)))
        .tickFormat((d) => scaleText(Number(d)))
        .tickSizeOuter(0);
      group
        .select<SVGGElement>('.pane-scale')
        .attr('transform', `translate(${pane.plot.right},0)`)
        .call(scale)
        .call(styleAxis);
      group
        .select('.pane-label')
        .attr('x', pane.plot.left + 4)
        .attr('y', pane.plot.top + 12)
        .text(pane.label);
      group.selectAll('.pane-divider').remove();
    });

  svg
    .select<SVGGElement>('.legend')
    .selectAll<SVGTextElement, OverlayModel['overlayLabels'][number]>('text')
    .data(model.overlayLabels, (d) => d.id)
    .join('text')
    .attr('x', main.left + 4)
    .attr('y', (_, i) => main.top + LEGEND_TOP + i * 14)
    .attr('font-size', 11)
    .attr('fill', (d) => d.color)
    .text((d) => d.label);

  // The current price: a dashed line across and its value on the price scale.
  const priceData =
    model.last && lastY >= main.top && lastY <= main.bottom ? [{ y: lastY, text: priceText(model.last.v) }] : [];
  svg
    .select<SVGGElement>('.price')
    .selectAll<SVGGElement, (typeof priceData)[number]>('g.price-mark')
    .data(priceData)
    .join((enter) => {
      const group = enter.append('g').attr('class', 'price-mark');
      group.append('line').attr('stroke', COLORS.price).attr('stroke-dasharray', '4 3');
      appendLabel(group, COLORS.price, COLORS.priceLabelText);
      return group;
    })
    .each(function (d) {
      const group = selectGroup(this);
      group.select('line').attr('x1', main.left).attr('x2', main.right).attr('y1', d.y).attr('y2', d.y);
      placeLabel(group, main.right, d.y, d.text);
    });

  // Open bets: the entry line from opening to expiry, and a flag at the expiry while it is in view.
  const betsInView = model.bets.filter((bet) => bet.expiresAt >= model.from && bet.openedAt <= model.to);
  svg
    .select<SVGGElement>('.bets')
    .selectAll<SVGGElement, ChartBetMark>('g.bet')
    .data(betsInView, (bet) => bet.id)
    .join((enter) => {
      const group = enter.append('g');
      group.append('line').attr('class', 'entry').attr('stroke-width', 2);
      group.append('path').attr('class', 'entry-mark');
      return group;
    })
    .attr('class', (bet) => `bet bet-${bet.direction}`)
    .attr('data-bet-id', (bet) => bet.id)
    .each(function (bet) {
      const group = selectGroup(this);
      const stroke = bet.direction === 'up' ? COLORS.up : COLORS.down;
      const y = model.y(bet.openRate);
      const x0 = Math.max(main.left, model.x(bet.openedAt));
      const x1 = Math.min(main.right, model.x(bet.expiresAt));
      group.select('line.entry').attr('x1', x0).attr('x2', x1).attr('y1', y).attr('y2', y).attr('stroke', stroke);
      // An arrow, not only a colour, tells up from down (up points up, down points down).
      group
        .select('path.entry-mark')
        .attr('d', arrowPath(x0, y, bet.direction))
        .attr('fill', stroke);
      const ex = model.x(bet.expiresAt);
      const expiry = ex <= main.right ? [ex] : [];
      group
        .selectAll<SVGLineElement, number>('line.expiry')
        .data(expiry)
        .join('line')
        .attr('class', 'expiry')
        .attr('x1', (d) => d)
        .attr('x2', (d) => d)
        .attr('y1', main.top)
        .attr('y2', main.bottom)
        .attr('stroke', stroke)
        .attr('stroke-dasharray', '2 3');
      group
        .selectAll<SVGPathElement, number>('path.flag')
        .data(expiry)
        .join('path')
        .attr('class', 'flag')
        .attr('d', (d) => `M${d},${main.top} l8,4 l-8,4 z`)
        .attr('fill', stroke);
    });

  // The crosshair under the pointer, with its time and value (the price, or the pane's value).
  const crossData: { x: number; y: number; value: string; time: string; top: number; bottom: number }[] = [];
  if (model.hover) {
    const [hx, hy] = model.hover;
    const pane = hy >= main.top && hy <= main.bottom ? { plot: main, text: priceText(model.y.invert(hy)) } : null;
    const sub = model.panes.find((p) => hy >= p.plot.top && hy <= p.plot.bottom);
    const hit = pane ?? (sub ? { plot: sub.plot, text: scaleText(sub.y.invert(hy)) } : null);
    if (hit && hx >= main.left && hx <= main.right) {
      crossData.push({
        x: hx,
        y: hy,
        value: hit.text,
        time: model.timeLabel(model.x.invert(hx)),
        top: main.top,
        bottom: axisBottomY,
      });
    }
  }
  svg
    .select<SVGGElement>('.crosshair')
    .selectAll<SVGGElement, (typeof crossData)[number]>('g.cross')
    .data(crossData)
    .join((enter) => {
      const group = enter.append('g').attr('class', 'cross');
      group.append('path').attr('class', 'hairs').attr('stroke', COLORS.crosshair).attr('stroke-dasharray', '3 3');
      appendLabel(group, COLORS.labelBg, COLORS.text);
      group
        .append('rect')
        .attr('class', 'time-bg')
        .attr('width', 68)
        .attr('height', 18)
        .attr('rx', 3)
        .attr('fill', COLORS.labelBg);
      group
        .append('text')
        .attr('class', 'time')
        .attr('text-anchor', 'middle')
        .attr('font-size', 11)
        .attr('fill', COLORS.text);
      return group;
    })
    .each(function (d) {
      const group = selectGroup(this);
      group.select('.hairs').attr('d', `M${main.left},${d.y}H${main.right}M${d.x},${d.top}V${d.bottom}`);
      placeLabel(group, main.right, d.y, d.value);
      group
        .select('.time-bg')
        .attr('x', d.x - 34)
        .attr('y', d.bottom + 2);
      group
        .select('.time')
        .attr('x', d.x)
        .attr('y', d.bottom + 15)
        .text(d.time);
    });
}

/** A triangle at (x, y) pointing up for an up bet and down for a down bet. */
function arrowPath(x: number, y: number, direction: 'up' | 'down') {
  return direction === 'up' ? `M${x},${y - 7}l6,9h-12z` : `M${x},${y + 7}l6,-9h-12z`;
}

/** The joined node as a selection, to reach its children. */
const selectGroup = (node: SVGGElement) => select(node) as unknown as Group;

function styleAxis(group: Group) {
  group.select('.domain').attr('stroke', COLORS.grid);
  group.selectAll('.tick line').attr('stroke', COLORS.grid);
  group.selectAll('.tick text').attr('fill', COLORS.text).attr('font-size', 11);
}

function appendLabel<D, P extends BaseType, PD>(
  group: Selection<SVGGElement, D, P, PD>,
  background: string,
  foreground: string,
) {
  group
    .append('rect')
    .attr('class', 'label-bg')
    .attr('width', MARGIN.right - 4)
    .attr('height', 18)
    .attr('rx', 3)
    .attr('fill', background);
  group.append('text').attr('class', 'label').attr('font-size', 11).attr('font-weight', 700).attr('fill', foreground);
}

function placeLabel(group: Group, x: number, y: number, text: string) {
  group
    .select('.label-bg')
    .attr('x', x + 1)
    .attr('y', y - 9);
  group
    .select('.label')
    .attr('x', x + 6)
    .attr('y', y + 4)
    .text(text);
}
