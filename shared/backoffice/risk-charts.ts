import { extent, max, min } from 'd3-array';
import { scaleBand, scaleLinear, scaleTime } from 'd3-scale';
import { area, line } from 'd3-shape';
import { html, type Html } from './html';

/**
 * The risk desk's charts as static SVG drawn on the server with d3's scales and shapes (the back
 * office has no client bundle). Sized by viewBox, so they shrink to a 375 px screen; colours come
 * from the back office's own custom properties (backoffice.css).
 */
const W = 640;
const H = 200;
// The left margin holds the widest amount on the scale, a loss with its minus ('−1 000,00 $').
const M = { top: 10, right: 10, bottom: 24, left: 88 };

/** Worst case over time: an area under a line, the house limit as a dashed rule. */
export function exposureChart(points: readonly { t: number; worst_case_cents: number }[], limitCents: number | null, label: string, money: (cents: number) => string): Html {
  if (points.length === 0) return html``;
  const [t0, t1] = extent(points, (p) => p.t) as [number, number];
  const top = Math.max(max(points, (p) => p.worst_case_cents) ?? 0, limitCents ?? 0, 100);
  const x = scaleTime().domain([t0, t1]).range([M.left, W - M.right]);
  const y = scaleLinear().domain([0, top]).nice().range([H - M.bottom, M.top]);
  const shape = area<{ t: number; worst_case_cents: number }>().x((p) => x(p.t)).y0(y(0)).y1((p) => y(p.worst_case_cents));
  const edge = line<{ t: number; worst_case_cents: number }>().x((p) => x(p.t)).y((p) => y(p.worst_case_cents));
  const ticksY = y.ticks(4);
  const ticksX = x.ticks(4);
  return html`<figure class="chart"><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}">
<g class="axis">${ticksY.map((v) => html`<line x1="${M.left}" x2="${W - M.right}" y1="${y(v)}" y2="${y(v)}"></line><text x="${M.left - 6}" y="${y(v) + 4}" text-anchor="end">${money(v)}</text>`)}
${ticksX.map((t) => html`<text x="${x(t)}" y="${H - 6}" text-anchor="middle">${new Date(t).toISOString().slice(11, 16)}</text>`)}</g>
<path class="area" d="${shape(points as { t: number; worst_case_cents: number }[]) ?? ''}"></path>
<path class="line" d="${edge(points as { t: number; worst_case_cents: number }[]) ?? ''}"></path>
${limitCents !== null ? html`<line class="limit" x1="${M.left}" x2="${W - M.right}" y1="${y(limitCents)}" y2="${y(limitCents)}"></line>` : ''}
</svg><figcaption>${label}</figcaption></figure>`;
}

/** Bars of the house's result per key (a day, a pair), below zero for a loss; `name` writes a key under its bar. */
export function resultBars(
  rows: readonly { key: string; house_cents: number }[],
  label: string,
  money: (cents: number) => string,
  name: (key: string) => string = (key) => key,
): Html {
  if (rows.length === 0) return html``;
  const x = scaleBand().domain(rows.map((r) => r.key)).range([M.left, W - M.right]).padding(0.2);
  const low = Math.min(0, min(rows, (r) => r.house_cents) ?? 0);
  const high = Math.max(0, max(rows, (r) => r.house_cents) ?? 0, 1);
  const y = scaleLinear().domain([low, high]).nice().range([H - M.bottom, M.top]);
  const every = Math.max(1, Math.ceil(rows.length / 8));
  return html`<figure class="chart"><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}">
<g class="axis">${y.ticks(4).map((v) => html`<line x1="${M.left}" x2="${W - M.right}" y1="${y(v)}" y2="${y(v)}"></line><text x="${M.left - 6}" y="${y(v) + 4}" text-anchor="end">${money(v)}</text>`)}
${rows.map((r, i) => (i % every === 0 ? html`<text x="${(x(r.key) ?? 0) + x.bandwidth() / 2}" y="${H - 6}" text-anchor="middle">${name(r.key)}</text>` : ''))}</g>
${rows.map((r) => html`<rect class="${r.house_cents < 0 ? 'loss' : 'gain'}" x="${x(r.key) ?? 0}" width="${x.bandwidth()}" y="${Math.min(y(0), y(r.house_cents))}" height="${Math.abs(y(r.house_cents) - y(0))}"><title>${name(r.key)}: ${money(r.house_cents)}</title></rect>`)}
</svg><figcaption>${label}</figcaption></figure>`;
}
