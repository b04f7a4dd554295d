/**
 * The page pixel (client x, y) of a time (epoch ms) and price on the first chart of the page,
 * read off its axes' ticks (d3 keeps each tick's value on its element; both scales are linear).
 * Self-contained, so an end-to-end test can run it in the page with `page.evaluate`.
 */
export function chartPixelOf({ t, v }: { t: number; v: number }): [number, number] {
  const chart = document.querySelector('[aria-roledescription="chart"]')!;
  const along = (axis: string, side: 'left' | 'top', value: number) => {
    const ticks = [...chart.querySelectorAll(`${axis} .tick`)].map((tick) => {
      const datum = Number((tick as Element & { __data__: Date | number }).__data__);
      return [datum, tick.querySelector('line')!.getBoundingClientRect()[side]] as const;
    });
    const [v0, p0] = ticks[0]!;
    const [v1, p1] = ticks[ticks.length - 1]!;
    return p0 + ((value - v0) * (p1 - p0)) / (v1 - v0);
  };
  return [along('.x-axis', 'left', t), along('.y-axis', 'top', v)];
}
