import type { DrawingPoint } from '../../../shared/chart-drawings';
import type { MainSeries } from './main-series';
import type { CursorReading } from './visible-summary';

/** The keyboard crosshair moves up and down by this share of the visible price range. */
const CURSOR_PRICE_STEPS = 40;

/** The price one keyboard step moves: a fortieth of the visible range `[lo, hi]`. */
export function priceStep([lo = 0, hi = 0]: readonly number[]): number {
  return (hi - lo) / CURSOR_PRICE_STEPS;
}

/**
 * The keyboard crosshair: a bar of the main series and a price, or nothing while the pointer leads.
 * Arrow keys move it bar by bar and step by step; what it reads goes to the chart's live region.
 */
export class KeyboardCursor {
  private at: { index: number; v: number } | null = null;

  constructor(private readonly data: MainSeries) {}

  get shown(): boolean {
    return this.at !== null;
  }

  /**
   * Moves by `bars` bars and `steps` price steps within the visible `priceDomain`; the first move
   * puts it on the newest bar before `visibleTo` (epoch ms) at its close.
   */
  move(bars: number, steps: number, visibleTo: number, priceDomain: readonly number[]) {
    const count = this.data.bars.length;
    if (count === 0) return;
    if (!this.at) {
      const visible = this.data.barTimes().filter((t) => t <= visibleTo).length;
      const index = Math.max(0, Math.min(count - 1, visible - 1));
      this.at = { index, v: this.data.bars[index]!.c };
    } else {
      const index = Math.max(0, Math.min(count - 1, this.at.index + bars));
      const [lo = 0, hi = 0] = priceDomain;
      this.at = { index, v: this.at.v + (steps * (hi - lo)) / CURSOR_PRICE_STEPS };
    }
  }

  /** Keeps the crosshair on a bar that exists after the series changed. */
  clampToBars() {
    if (this.at) this.at.index = Math.min(this.at.index, this.data.bars.length - 1);
  }

  /** Hides the crosshair; false when it was not shown. */
  clear(): boolean {
    if (!this.at) return false;
    this.at = null;
    return true;
  }

  /** Where it is, as a drawing point (null when it is not shown). */
  point(): DrawingPoint | null {
    return this.at ? { t: this.data.barTimes()[this.at.index]!, v: this.at.v } : null;
  }

  /** The O/H/L/C of the bar under it and the price at its height. */
  reading(): CursorReading | null {
    const at = this.at;
    const bar = at ? this.data.bars[at.index] : undefined;
    return at && bar
      ? { t: bar.t, o: bar.o, h: bar.h, l: bar.l, c: bar.c, v: at.v, candles: this.data.series.kind === 'candlestick' }
      : null;
  }
}
