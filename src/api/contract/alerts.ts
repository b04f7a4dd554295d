import { z } from 'zod';
import { pairIdSchema } from './market';
import { priceLevelSchema } from './orders';

/**
 * Price alerts (issue 17, 3): the server tells the trader when a pair's price crosses a level,
 * once (then the alert is done) or at every crossing (it re-arms when the price goes back).
 */
const ALERT_DIRECTIONS = ['above', 'below'] as const;
const alertDirectionSchema = z.enum(ALERT_DIRECTIONS);

const ALERT_REPEATS = ['once', 'every'] as const;
const alertRepeatSchema = z.enum(ALERT_REPEATS);

/** POST /alert/create: `level` must still be ahead of the price in `direction`. */
export const createAlertRequestSchema = z.strictObject({
  pair_id: pairIdSchema,
  direction: alertDirectionSchema,
  level: priceLevelSchema,
  repeat: alertRepeatSchema,
});
export type CreateAlertRequest = z.infer<typeof createAlertRequestSchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  pair_id: pairIdSchema,
  symbol: z.string(),
  direction: alertDirectionSchema,
  level: z.number(),
  repeat: alertRepeatSchema,
  /** active: watching; fired: a 'once' alert that has fired (kept until deleted). */
  status: z.enum(['active', 'fired']),
  fired_count: z.number().int(),
  last_fired_at: z.string().nullable(),
  created_at: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertPayloadSchema = z.object({ alert: alertSchema });
export const alertListPayloadSchema = z.object({ alerts: z.array(alertSchema) });
export { orderIdParamsSchema as alertIdParamsSchema } from './orders';
