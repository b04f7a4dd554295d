/**
 * The shapes the limits widgets take, mirroring the API contract (src/api/contract/limits.ts)
 * structurally: src/ui may not import src/api.
 */
export type LimitNameView =
  | 'stake'
  | 'loss_day' | 'loss_week' | 'loss_month'
  | 'turnover_day' | 'turnover_week' | 'turnover_month'
  | 'deposit_day' | 'deposit_week' | 'deposit_month'
  | 'session_minutes';

export interface LimitView {
  name: LimitNameView;
  value: number | null;
  pending: { value: number | null; applies_at: string } | null;
}

type ExclusionKindView = 'timeout_24h' | 'timeout_7d' | 'timeout_6w' | 'until_date' | 'rest_of_day';

export interface ExclusionView {
  kind: ExclusionKindView;
  until: string;
}

export interface LimitsView {
  limits: LimitView[];
  reality_check_minutes: number | null;
  exclusion: ExclusionView | null;
}

export type ExclusionRequestView = { kind: 'timeout_24h' | 'timeout_7d' | 'timeout_6w' } | { kind: 'until_date'; until: string };

/** What the limits form sends: the typed text of each limit (empty: none) and the reality check's period ('' off). */
export interface LimitsFormValues {
  limits: Record<string, string>;
  reality: string;
}

export const isMoneyLimitView = (name: LimitNameView) => name !== 'session_minutes';

export type KycKindView = 'identity' | 'address';

interface KycDocumentView {
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  uploaded_at: string;
}

export interface KycView {
  identity: KycDocumentView | null;
  address: KycDocumentView | null;
  verified: boolean;
  withdraw_threshold: number;
}
