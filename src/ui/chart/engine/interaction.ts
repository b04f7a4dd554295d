import { pointer } from 'd3-selection';
import type { Selection } from 'd3-selection';
import { zoom, zoomIdentity } from 'd3-zoom';
import type { D3ZoomEvent, ZoomBehavior, ZoomTransform } from 'd3-zoom';
import type { PlotRect } from './types';

const ZOOM_STEP = 1.25;
const PAN_STEP_PX = 48;

export interface InteractionHandlers {
  onTransform: (transform: ZoomTransform) => void;
  onHover: (point: [number, number] | null) => void;
  /** Whether a press is taken by something on the chart (a drawing), so it does not pan. */
  grabbed?: () => boolean;
}

/**
 * Pointer and keyboard input: d3-zoom on the overlay for wheel zoom and drag pan (its transform
 * goes to the viewport), the pointer position for the crosshair, and the key map the chart's
 * frame uses (+/- zoom, Page Up/Down and Shift+arrows pan, 0 or Home reset; the arrows alone
 * move the keyboard crosshair).
 */
export class Interaction {
  private readonly behavior: ZoomBehavior<SVGSVGElement, unknown>;

  constructor(
    private readonly svg: Selection<SVGSVGElement, unknown, null, undefined>,
    handlers: InteractionHandlers,
  ) {
    this.behavior = zoom<SVGSVGElement, unknown>()
      .scaleExtent([0.05, 40])
      .filter(
        (event: MouseEvent) =>
          (!event.ctrlKey || event.type === 'wheel') &&
          !event.button &&
          !(event.type !== 'wheel' && handlers.grabbed?.()),
      )
      .on('zoom', (event: D3ZoomEvent<SVGSVGElement, unknown>) => handlers.onTransform(event.transform));
    svg.call(this.behavior).on('dblclick.zoom', null);
    const node = svg.node();
    svg
      .on('pointermove.crosshair', (event: PointerEvent) => handlers.onHover(node ? pointer(event, node) : null))
      .on('pointerleave.crosshair', () => handlers.onHover(null));
  }

  /** Zoom and pan act on the main plot's time axis. */
  setPlot(plot: PlotRect) {
    this.behavior.extent([
      [plot.left, plot.top],
      [plot.right, plot.bottom],
    ]);
  }

  zoomBy(factor: number) {
    this.behavior.scaleBy(this.svg, factor);
  }

  zoomIn() {
    this.zoomBy(ZOOM_STEP);
  }

  zoomOut() {
    this.zoomBy(1 / ZOOM_STEP);
  }

  /** Positive moves the view towards older prices. */
  pan(steps: number) {
    this.behavior.translateBy(this.svg, steps * PAN_STEP_PX, 0);
  }

  reset() {
    this.behavior.transform(this.svg, zoomIdentity);
  }

  /** The action for a key on the chart's frame, or null when the key is not the chart's. */
  keyAction(key: string): (() => void) | null {
    switch (key) {
      case '+':
      case '=':
        return () => this.zoomIn();
      case '-':
      case '_':
        return () => this.zoomOut();
      case 'PageUp':
        return () => this.pan(4);
      case 'PageDown':
        return () => this.pan(-4);
      case '0':
      case 'Home':
        return () => this.reset();
      default:
        return null;
    }
  }

  destroy() {
    this.svg.on('.zoom', null).on('.crosshair', null);
  }
}
