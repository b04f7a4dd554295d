import type { Selection } from 'd3-selection';
import { pointer } from 'd3-selection';
import type { DrawingPoint } from '../../../shared/chart-drawings';
import type { DrawingHit } from './drawing-geometry';

/** What the chart's owner does with the pointer on drawings (the drawing statechart's events). */
export interface DrawingHandlers {
  onPlace: (point: DrawingPoint) => void;
  onPreview: (point: DrawingPoint) => void;
  onSelect: (id: string | null) => void;
  /** A drag begins: of point `point` (its handle pressed), or of the whole drawing. */
  onDragStart: (point?: number) => void;
  onDrag: (dt: number, dv: number) => void;
  onDragEnd: () => void;
}

/** What the drawing input asks of the engine. */
export interface DrawingHost {
  /** A tool is placing its points (a press places one instead of panning). */
  placing: () => boolean;
  selectedId: () => string | null;
  pointAt: (x: number, y: number) => DrawingPoint | null;
  /** The selected drawing's handle or a drawing's body under (x, y). */
  drawingAt: (x: number, y: number) => DrawingHit | null;
}

/**
 * The pointer on the drawings: while a tool is placing, a press places a point and a move previews
 * the next; otherwise a press on a drawing selects it and dragging moves it (in time and price, so
 * it stays anchored), a press on a handle of the selected drawing drags only that point, and a
 * press elsewhere lets go of the selection. A press the drawings take is `grabbed`, so the pan
 * behind it ignores it.
 */
export class DrawingInput {
  handlers: DrawingHandlers | null = null;
  grabbed = false;
  private dragFrom: DrawingPoint | null = null;

  constructor(
    private readonly svg: Selection<SVGSVGElement, unknown, null, undefined>,
    private readonly host: DrawingHost,
  ) {
    const node = svg.node()!;
    svg
      .on('pointerdown.drawing', (event: PointerEvent) => this.down(event, ...pointer(event, node)))
      .on('pointermove.drawing', (event: PointerEvent) => this.move(...pointer(event, node)))
      .on('pointerup.drawing pointercancel.drawing', (event: PointerEvent) => this.up(event));
  }

  private down(event: PointerEvent, x: number, y: number) {
    const handlers = this.handlers;
    this.grabbed = false;
    if (!handlers || event.button !== 0) return;
    const point = this.host.pointAt(x, y);
    if (!point) return;
    if (this.host.placing()) {
      this.grabbed = true;
      handlers.onPlace(point);
      return;
    }
    const hit = this.host.drawingAt(x, y);
    if (hit) {
      this.grabbed = true;
      this.dragFrom = point;
      if (hit.id !== this.host.selectedId()) handlers.onSelect(hit.id);
      handlers.onDragStart(hit.point);
      (event.target as Element).setPointerCapture?.(event.pointerId);
    } else if (this.host.selectedId()) handlers.onSelect(null);
  }

  private move(x: number, y: number) {
    const handlers = this.handlers;
    if (!handlers) return;
    const point = this.host.pointAt(x, y);
    if (!point) return;
    if (this.dragFrom) handlers.onDrag(point.t - this.dragFrom.t, point.v - this.dragFrom.v);
    else if (this.host.placing()) handlers.onPreview(point);
  }

  private up(event: PointerEvent) {
    if (this.dragFrom) {
      this.dragFrom = null;
      (event.target as Element).releasePointerCapture?.(event.pointerId);
      this.handlers?.onDragEnd();
    }
    this.grabbed = false;
  }

  destroy() {
    this.svg.on('.drawing', null);
  }
}
