/** What an operator configures about watching and protecting the server (see README, "Operate it"). */
export interface OpsConfig {
  /** Bearer token of /metrics on the main port; unset (and no metricsPort) turns /metrics off. */
  metricsToken: string | undefined;
  /** A port of its own serving only /metrics (on HOST), without the main port's traffic. */
  metricsPort: number | undefined;
  /** Bearer token of /admin/backup (a consistent PGlite dump while the server runs); unset turns it off. */
  backupToken: string | undefined;
  pressure: PressureConfig;
}

/**
 * When @fastify/under-pressure sheds requests with 503 and Retry-After; 0 turns a limit off, and
 * every limit is off unless set: PGlite runs on the event loop, so one long statement (a start's
 * back-fill, a big settlement batch) blocks it for a moment without the server drowning, and a
 * default that sheds then would refuse traders for nothing. The operator sets the limits their
 * machine and load call for (README, "Operate it").
 */
export interface PressureConfig {
  /** Mean event-loop delay over a sample, in milliseconds. */
  maxEventLoopDelayMs: number;
  /** Event-loop utilization over a sample (0..1). */
  maxEventLoopUtilization: number;
  maxHeapUsedBytes: number;
  maxRssBytes: number;
  /** The Retry-After of a shed request, in seconds. */
  retryAfterSeconds: number;
  /** How often the limits are sampled, in milliseconds. */
  sampleIntervalMs: number;
}

const number = (value: string | undefined, fallback: number): number => {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
};

export function loadOpsConfig(env: NodeJS.ProcessEnv): OpsConfig {
  const metricsPort = number(env.METRICS_PORT, NaN);
  return {
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: Number.isInteger(metricsPort) ? metricsPort : undefined,
    backupToken: env.BACKUP_TOKEN || undefined,
    pressure: {
      maxEventLoopDelayMs: number(env.PRESSURE_MAX_EVENT_LOOP_DELAY, 0),
      maxEventLoopUtilization: number(env.PRESSURE_MAX_EVENT_LOOP_UTILIZATION, 0),
      maxHeapUsedBytes: number(env.PRESSURE_MAX_HEAP_BYTES, 0),
      maxRssBytes: number(env.PRESSURE_MAX_RSS_BYTES, 0),
      retryAfterSeconds: Math.max(1, Math.round(number(env.PRESSURE_RETRY_AFTER, 5))),
      sampleIntervalMs: 1000,
    },
  };
}
