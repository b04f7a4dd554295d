/**
 * The shapes the order and alert widgets take and give. They mirror the API contract
 * (src/api/contract/orders.ts, alerts.ts) structurally, since src/ui may not import src/api: a
 * container passes contract objects straight through, and the forms' requests are the contract's.
 */
import type { Direction } from './types';

export type WalletKind = 'main' | 'demo' | 'tournament';
type OrderStatusView = 'pending' | 'triggered' | 'refused' | 'expired' | 'cancelled' | 'missed';

export interface OrderView {
  id: number;
  kind: 'price' | 'time';
  symbol: string;
  direction: Direction;
  amount: number;
  level: number | null;
  at: string | null;
  status: OrderStatusView;
  reason: string | null;
}

interface OrderTerms {
  wallet_type: WalletKind;
  pair_id: string;
  direction: Direction;
  amount: number;
  interval: number;
  expires_at: string;
}
export type OrderRequest = ({ kind: 'price'; level: number } | { kind: 'time'; at: string }) & OrderTerms;

export type AlertDirectionView = 'above' | 'below';
export type AlertRepeatView = 'once' | 'every';

export interface AlertView {
  id: number;
  symbol: string;
  direction: AlertDirectionView;
  level: number;
  repeat: AlertRepeatView;
  status: 'active' | 'fired';
  fired_count: number;
}

export interface AlertRequest {
  pair_id: string;
  direction: AlertDirectionView;
  level: number;
  repeat: AlertRepeatView;
}
