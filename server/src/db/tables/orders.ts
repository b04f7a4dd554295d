import type { ColumnType, Generated } from 'kysely';
import type { Id, Timestamp } from '../schema';
import type { OrderStatus } from '../../../../src/api/contract/orders';
import type { Message } from '../../http/errors';

/** A pending order (migration 0014): a bet to place when its condition is met. */
export interface OrdersTable {
  id: Id;
  user_id: number;
  kind: 'price' | 'time';
  wallet_type: 'main' | 'demo' | 'tournament';
  pair_id: string;
  direction: 'up' | 'down';
  amount_cents: number;
  interval: number;
  level: number | null;
  trigger: 'at_or_above' | 'at_or_below' | null;
  trigger_at: Timestamp | null;
  expires_at: Timestamp;
  status: Generated<OrderStatus>;
  /** The Idempotency-Key the triggered bet is placed under. */
  placement_key: string;
  bet_id: number | null;
  /** Why the placement refused the trigger: the error's translation key. */
  refusal: ColumnType<Message | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  closed_at: Timestamp | null;
}

/** A price alert (migration 0014). */
export interface PriceAlertsTable {
  id: Id;
  user_id: number;
  pair_id: string;
  direction: 'above' | 'below';
  level: number;
  repeat: 'once' | 'every';
  armed: Generated<boolean>;
  status: Generated<'active' | 'fired'>;
  fired_count: Generated<number>;
  last_fired_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface OrderTables {
  orders: OrdersTable;
  price_alerts: PriceAlertsTable;
}
