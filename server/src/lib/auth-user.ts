import type { PlanName, UserStatus } from '@relate/contracts';

/**
 * The signed-in user of a request (`request.user`) and how other modules see an account: who it is and
 * what it may do, never its password hash or other stored columns. Made by the users module
 * (`toAuthUser`); here, below the modules, because plugins/access.ts puts it on every request.
 */
export interface AuthUser {
  readonly id: number;
  readonly email: string;
  readonly fullName: string | null;
  readonly status: UserStatus;
  readonly role: 'user' | 'admin';
  /** Decides what the account may use (the plans module's entitlements). */
  readonly plan: PlanName;
}

/** What an access token says (`request.session`): its user and session. */
export interface AccessClaims {
  userId: number;
  /** The session (refresh-token family) the token was issued for: logout and rejection end it. */
  sessionId: string;
}
