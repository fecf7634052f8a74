/** A failed call to Google, reduced to what the sync decides on. */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    /** OAuth `error` (invalid_grant, ...) or `google.rpc.ErrorInfo` reason (EXPIRED_SYNC_TOKEN, ...). */
    readonly reason: string | undefined,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }

  /** People answers 400 + EXPIRED_SYNC_TOKEN (never 410) when the sync token is older than 7 days. */
  get isExpiredSyncToken(): boolean {
    return (
      this.status === 400 &&
      (this.reason === 'EXPIRED_SYNC_TOKEN' || /sync token is expired/i.test(this.message))
    );
  }

  /** Calendar: the sync token (or updatedMin) is no longer valid; drop it and list everything again. */
  get isFullSyncRequired(): boolean {
    return (
      this.status === 410 && (this.reason === 'fullSyncRequired' || this.reason === 'updatedMinTooLongAgo')
    );
  }

  /** Calendar insert with an id that already exists. */
  get isDuplicate(): boolean {
    return this.status === 409;
  }

  /** Quota: 429, or 403 with a rate-limit reason. */
  get isRateLimited(): boolean {
    return (
      this.status === 429 ||
      (this.status === 403 && /rate_?limit_?exceeded|quota/i.test(`${this.reason ?? ''} ${this.message}`))
    );
  }

  /** A stale etag on updateContact. */
  get isPreconditionFailed(): boolean {
    return (
      this.status === 412 ||
      (this.status === 400 &&
        /failed_?precondition/i.test(`${this.reason ?? ''}`) &&
        !this.isExpiredSyncToken)
    );
  }

  /** The refresh token was revoked or expired: the user must connect Google again. */
  get isInvalidGrant(): boolean {
    return this.reason === 'invalid_grant';
  }
}

interface GoogleErrorBody {
  error?:
    | string
    | {
        code?: number;
        message?: string;
        status?: string;
        details?: { reason?: string }[];
        errors?: { reason?: string }[];
      };
  error_description?: string;
}

export function toGoogleApiError(error: unknown): GoogleApiError | undefined {
  if (error instanceof GoogleApiError) return error;
  // gaxios' error, recognised by shape: google-auth-library loads its own (CommonJS) copy of the class.
  const response = (error as { response?: { status?: number; data?: unknown; headers?: Headers } } | null)
    ?.response;
  if (!response?.status) return undefined;
  const body = (response.data ?? {}) as GoogleErrorBody;
  const status = response.status;
  const retryAfter = Number(response.headers?.get?.('retry-after'));
  const retryAfterMs = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined;
  if (typeof body.error === 'string') {
    return new GoogleApiError(status, body.error, body.error_description ?? body.error, retryAfterMs);
  }
  const reason =
    body.error?.details?.find((detail) => detail.reason)?.reason ??
    body.error?.errors?.find((detail) => detail.reason)?.reason ??
    body.error?.status;
  return new GoogleApiError(status, reason, body.error?.message ?? (error as Error).message, retryAfterMs);
}
