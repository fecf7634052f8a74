import { hash, verify } from '@node-rs/argon2';
import type { LoginBody, User } from '@relate/contracts';
import type { AccessClaims, AuthUser } from '../../lib/auth-user';
import { unauthorized } from '../../lib/errors';
import type { UsersService } from '../users/users.service';
import type { EmailVerificationService } from './email-verification.service';
import type { LoginThrottle } from './login-throttle';
import type { IssuedTokens, TokenService } from './tokens.service';

// A real argon2id hash to verify against when the e-mail is unknown, so both paths take as long.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$TIBq1UGUpkfUhF9dRE61ZQ$TCzjL7hXR5qlryo15CGT9um8fGOWAch2+Pip6K5W+Go';

export interface RegisterInput {
  email: string;
  password: string;
  fullName: string;
}

export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
    readonly emailVerification: EmailVerificationService,
  ) {}

  async register(input: RegisterInput): Promise<{ user: User; tokens?: IssuedTokens }> {
    const user = await this.users.create({
      email: input.email,
      fullName: input.fullName,
      passwordHash: await hash(input.password),
    });
    await this.emailVerification.sendLink(user);
    if (user.status !== 'approved') return { user };
    return { user, tokens: await this.tokens.issue(user.id) };
  }

  /** Pending and rejected users may sign in too: the client shows 'Account Not Approved' from /me. */
  async login(body: LoginBody, clientIp: string): Promise<{ user: User; tokens: IssuedTokens }> {
    await this.throttle.attempt(clientIp, body.email);
    const account = await this.users.findForSignIn(body.email);
    const valid = await verify(account?.passwordHash ?? DUMMY_HASH, body.password).catch(() => false);
    if (!account?.passwordHash || !valid)
      throw unauthorized('Invalid email or password', 'INVALID_CREDENTIALS');
    await this.throttle.succeeded(clientIp, body.email);
    return { user: account.user, tokens: await this.tokens.issue(account.user.id) };
  }

  /** A rejected account's session no longer rotates; a deleted one's tokens are gone with it. */
  refresh(refreshToken: string): Promise<IssuedTokens> {
    return this.tokens.rotate(refreshToken, async (userId) => {
      const user = await this.users.get(userId);
      return Boolean(user) && user?.status !== 'rejected';
    });
  }

  /** Ends the session of the refresh token given, or else the session of the access token used. */
  logout(refreshToken: string | undefined, claims: AccessClaims): Promise<void> {
    return this.tokens.revoke(refreshToken, claims);
  }

  /** Another process ended sessions of the user or changed its account: both are read again on next use. */
  forgetCached(userId: number): void {
    this.tokens.forgetSessionsOf(userId);
    this.users.forget(userId);
  }

  /**
   * Whether a session authorised earlier (a live stream) may go on: still open, its user still there
   * and approved. Asks the database, not the few-seconds cache.
   */
  async isSessionValid(claims: AccessClaims): Promise<boolean> {
    if (!(await this.tokens.isSessionOpen(claims, true))) return false;
    const user = await this.users.get(claims.userId);
    return user?.status === 'approved';
  }

  /** The signed-in user of a request and its session, from its Bearer access token. */
  async authenticate(accessToken: string): Promise<{ user: AuthUser; claims: AccessClaims }> {
    const claims = await this.tokens.verifyAccessToken(accessToken);
    const user = await this.users.forRequest(claims.userId);
    if (!user) throw unauthorized('Your account no longer exists');
    return { user, claims };
  }
}
