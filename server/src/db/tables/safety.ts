import type { ColumnType, Generated } from 'kysely';
import type { Id, PlaceColumns, Timestamp } from '../schema';

interface TotpFactorsTable {
  user_id: number;
  /** Sealed (server/src/modules/auth/second-factor.ts); null until a pending secret is confirmed. */
  secret: string | null;
  pending_secret: string | null;
  enabled_at: Date | null;
  last_time_step: ColumnType<number, number | undefined, number>;
}

interface RecoveryCodesTable {
  id: Id;
  user_id: number;
  code_hash: string;
  used_at: Date | null;
}

interface SecondFactorChallengesTable {
  token_hash: string;
  user_id: number;
  remember: boolean;
  expires_at: Timestamp;
}

export type SignInMethod = 'password' | 'totp' | 'recovery_code' | 'passkey';

interface PasskeysTable {
  id: string;
  user_id: number;
  public_key: Uint8Array;
  counter: ColumnType<number, number | undefined, number>;
  /** The authenticator's transports, comma-separated (a hint for the browser's next prompt). */
  transports: ColumnType<string, string | undefined, string>;
  name: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
}

export type WebAuthnPurpose = 'register' | 'sign_in' | 'second_factor';

interface WebAuthnChallengesTable {
  challenge: string;
  purpose: WebAuthnPurpose;
  user_id: number | null;
  expires_at: Timestamp;
}

interface SignInEventsTable extends PlaceColumns {
  id: Id;
  user_id: number;
  success: boolean;
  method: SignInMethod;
  ip: string;
  user_agent: Generated<string>;
  created_at: Generated<Date>;
}

export interface SafetyTables {
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  second_factor_challenges: SecondFactorChallengesTable;
  sign_in_events: SignInEventsTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebAuthnChallengesTable;
}
