/**
 * A canvas 2D context that records the calls the renderers make, so their geometry can be checked
 * without pixels. Only the methods the renderers use exist; an unexpected call throws.
 */
interface Call {
  op: string;
  args: unknown[];
  /** fillStyle / strokeStyle / lineWidth at the time of the call. */
  fill?: unknown;
  stroke?: unknown;
}

export function recordingContext() {
  const calls: Call[] = [];
  const state = {
    fillStyle: '' as unknown,
    strokeStyle: '' as unknown,
    lineWidth: 1,
    globalAlpha: 1,
    lineJoin: 'miter',
    font: '',
  };
  const record =
    (op: string) =>
    (...args: unknown[]) => {
      calls.push({ op, args, fill: state.fillStyle, stroke: state.strokeStyle });
    };
  const gradient = {
    stops: [] as [number, string][],
    addColorStop(offset: number, color: string) {
      this.stops.push([offset, color]);
    },
  };
  const ctx = {
    ...[
      'beginPath',
      'moveTo',
      'lineTo',
      'stroke',
      'fill',
      'fillRect',
      'fillText',
      'rect',
      'closePath',
      'arc',
      'save',
      'restore',
      'setLineDash',
    ].reduce(
      (methods, name) => ({ ...methods, [name]: record(name) }),
      {} as Record<string, (...args: unknown[]) => void>,
    ),
    createLinearGradient: (...args: unknown[]) => {
      calls.push({ op: 'createLinearGradient', args });
      return gradient;
    },
  };
  const context = new Proxy(ctx, {
    get(target, key) {
      if (key in state) return state[key as keyof typeof state];
      if (key in target) return target[key as keyof typeof target];
      throw new Error(`unexpected context member ${String(key)}`);
    },
    set(_target, key, value) {
      (state as Record<string, unknown>)[key as string] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { context, calls, gradient, ops: (op: string) => calls.filter((c) => c.op === op) };
}
