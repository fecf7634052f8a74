import { z } from 'zod';
import { EmailSchema, storedText, TimestampSchema } from './common';

export const UserStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type UserStatus = z.infer<typeof UserStatusSchema>;

export const PlanNameSchema = z.enum(['Free', 'Starter', 'Pro', 'Business', 'Enterprise']);
export type PlanName = z.infer<typeof PlanNameSchema>;

export const MessagingPlatformSchema = z.enum(['telegram', 'whatsapp']);

/** The current user as the client sees it (GET /api/auth/me, login, admin lists). */
export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string().nullable(),
  is_approved: z.boolean(),
  status: UserStatusSchema,
  is_admin: z.boolean(),
  plan: PlanNameSchema,
  preferred_messaging_platform: MessagingPlatformSchema.nullable(),
  telegram_id: z.string().nullable(),
  whatsapp_phone_number: z.string().nullable(),
  created_at: TimestampSchema,
});
export type User = z.infer<typeof UserSchema>;

/** The sign-up password rules; a new password follows them too. */
export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(200, { error: 'Password must be at most 200 characters' });

const FullNameSchema = storedText().trim().max(200);

/** The screen posts full_name; the API also accepts name (spec section 7). */
export const RegisterBodySchema = z
  .object({
    email: EmailSchema,
    password: PasswordSchema,
    full_name: FullNameSchema.optional(),
    name: FullNameSchema.optional(),
  })
  // Runs even when a field has the wrong type (`when` below): only strings count as a name.
  .refine((body) => [body?.full_name, body?.name].some((name) => typeof name === 'string' && name.trim()), {
    path: ['full_name'],
    error: 'Full name is required',
    when: () => true, // report a missing name together with the other field errors
  });
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const LoginResponseSchema = TokenPairSchema.extend({ user: UserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/**
 * GET /api/auth/registration: whether the next account is the installation's first (and so its approved
 * administrator), and whether it mails verification links. Says nothing else about the accounts there are.
 */
export const RegistrationInfoSchema = z.object({
  first_account: z.boolean(),
  /** Whether sign-up mails a link that verifies the e-mail (SMTP_URL is set), which can be sent again. */
  verification_mail: z.boolean(),
});
export type RegistrationInfo = z.infer<typeof RegistrationInfoSchema>;

/** Tokens are only present when the new account is approved at once. */
export const RegisterResponseSchema = z.object({
  message: z.string(),
  requires_approval: z.boolean(),
  user: UserSchema,
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
  token_type: z.literal('bearer').optional(),
  expires_in: z.number().int().optional(),
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const LogoutBodySchema = z.object({ refresh_token: z.string().optional() });

export const UsersResponseSchema = z.object({ users: z.array(UserSchema) });
export type UsersResponse = z.infer<typeof UsersResponseSchema>;

/** GET /api/auth/google: where to send the user to sign in with Google. */
export const GoogleAuthorizationSchema = z.object({ authorization_url: z.string() });

export const ChangePasswordBodySchema = z.object({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, { error: 'Current password is required' })
    .max(200),
  new_password: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = z.object({
  token: z
    .string({ error: 'Reset link is incomplete' })
    .min(1, { error: 'Reset link is incomplete' })
    .max(200),
  new_password: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const VerifyEmailBodySchema = z.object({
  token: z
    .string({ error: 'Verification link is incomplete' })
    .min(1, { error: 'Verification link is incomplete' })
    .max(1000),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

/** The one answer to a reset request, whether or not the e-mail has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that e-mail, we have sent a link to reset its password. It is valid for 30 minutes.';

/** GET /api/auth/email-verification: whether the signed-in account's e-mail still needs its link. */
export const EmailVerificationStatusSchema = z.object({
  /** Verified by a link, or an account without a password (Google verified its e-mail). */
  verified: z.boolean(),
  /** Not verified, and the server can mail a new link (SMTP_URL is set). */
  can_resend: z.boolean(),
});
export type EmailVerificationStatus = z.infer<typeof EmailVerificationStatusSchema>;

/** POST /api/auth/resend-verification/by-email: for someone who cannot sign in where the link was refused. */
export const ResendVerificationBodySchema = z.object({ email: EmailSchema });
export type ResendVerificationBody = z.infer<typeof ResendVerificationBodySchema>;

/** The one answer to a verification request by e-mail, whether or not the address has an account waiting. */
export const RESEND_VERIFICATION_MESSAGE =
  'If an account with that e-mail is waiting for verification, we have sent it a new link. It is valid for 7 days.';
