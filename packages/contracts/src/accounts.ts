import { z } from 'zod';

/** Texts of the accounts screens and calls (accounts spec, sections 5 and 8). */
export const ACCOUNT_MESSAGES = {
  minPassword: 'Minimum 6 characters',
  passwordBetween: 'Between 6 and 128 characters',
  passwordsMatch: 'Passwords need to match',
  validEmail: 'Please enter a valid email',
  required: 'This field is required',
  terms: 'You must agree with our terms and conditions!',
  teamNameRequired: 'Team name is required',
  cancellationComment: 'Please describe why are you cancelling your subscription!',
  invalidCredentials: 'Invalid email or password!',
  authFailed: 'Something went wrong during authentication',
  emailInUse: 'Email address already in use!',
  invalidEmail: 'Invalid email address!',
  registrationFailed: 'Something went wrong during registration',
  resetUnknown: "We weren't able to identify you given the information provided",
  resetSent: 'A reset password email was sent to your address!',
  tokenUsed: 'This token was already used!',
  passwordChanged: 'You successfully changed your password!',
  currentPasswordWrong: 'Your current password is incorrect',
  currentPasswordModal: 'Password provided is incorrect',
  profileUpdated: 'Your account was successfully updated!',
  profileFailed: 'Cannot update your account',
  passwordUpdateFailed: 'Cannot update your password!',
  accountDeleted: 'Your account was successfully deleted!',
  accountDeleteFailed: 'Cannot delete your account. Please try again or contact support!',
  userLoadFailed: 'Cannot get user data!',
  memberRemoveFailed: 'Error on removing team member!',
  createOrganizationFailed: 'Cannot create organization',
  humanCheckFailed: 'Please complete the human check again.',
  confirmPasswordFirst: 'Please confirm your current password first.',
  memberExpired:
    "Your subscription has expired! Please contact your team owner to renew your team's subscription!",
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** The longest address SMTP can carry (RFC 5321 with its erratum); a longer one is not an e-mail. */
export const EMAIL_MAX = 254;

/** An e-mail address, trimmed and lower-cased. */
export const EmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, { error: ACCOUNT_MESSAGES.validEmail })
  .toLowerCase()
  .pipe(z.email({ error: ACCOUNT_MESSAGES.validEmail }));
const email = EmailSchema;
const newPassword = z
  .string()
  .min(PASSWORD_MIN, { error: ACCOUNT_MESSAGES.passwordBetween })
  .max(PASSWORD_MAX, { error: ACCOUNT_MESSAGES.passwordBetween });
const name = z.string().trim().min(1, { error: ACCOUNT_MESSAGES.required }).max(100);
const humanCheckToken = z.string().max(10_000).default('');

/** `POST /api/auth`: sign-in; signed in already with the same e-mail, it only confirms the password. */
export const SignInBodySchema = z.strictObject({
  user_name: email,
  password: z.string().min(1).max(PASSWORD_MAX),
  remember_me: z.boolean().optional(),
  recaptcha_token: humanCheckToken,
});

export const TokensReplySchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export const PasswordConfirmedReplySchema = z.object({ confirmed: z.literal(true) });

/** `POST /api/user`: registration. */
export const RegisterBodySchema = z.strictObject({
  u_name: z.string().max(EMAIL_MAX).optional(),
  email,
  f_name: name,
  l_name: name,
  pw: newPassword,
  recaptcha_token: humanCheckToken,
  locale: z.string().max(20).default('en_US'),
  timezone: z.string().max(64).default('America/New_York'),
});
export const RegisterReplySchema = TokensReplySchema.extend({ guid: z.uuid() });

export const UserSchema = z.object({
  guid: z.uuid(),
  email: z.string(),
  f_name: z.string(),
  l_name: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const UpdateUserBodySchema = z.union([
  z.strictObject({ f_name: name, l_name: name }),
  z.strictObject({ pw: newPassword }),
]);

export const CANCELLATION_REASONS = [
  'It is too costly',
  'I needed more features',
  'It is too complicated to use',
  'I am using another search engine analyzer',
  'Customer support was low',
  'I had technical issues',
  'It is not serving my main purpose',
] as const;
export const OTHER_REASON = 'I have another reason';

export const CancellationBodySchema = z.strictObject({
  reason: z.string().trim().min(1).max(200),
  comment: z.string().trim().min(1, { error: ACCOUNT_MESSAGES.cancellationComment }).max(2000),
  plan_code: z.string().max(100).optional(),
});

export const ResetRequestBodySchema = z.strictObject({ u_name: email, recaptcha_token: humanCheckToken });
export const ResetPasswordBodySchema = z.strictObject({ token: z.string().min(1).max(200), pw: newPassword });

export const OrganizationRoleSchema = z.enum(['owner', 'member']);
export const OrganizationSchema = z.object({
  guid: z.uuid(),
  name: z.string(),
  /** The owner's e-mail. */
  owner: z.string(),
  /** The caller's role. */
  role: OrganizationRoleSchema,
  members: z.array(
    z.object({
      email: z.string(),
      role: OrganizationRoleSchema,
      f_name: z.string(),
      l_name: z.string(),
      c_at: z.string(),
    }),
  ),
  /** `token` identifies a pending invitation for cancelling it; it is not the secret sent by e-mail. */
  invitations: z.array(z.object({ invited_email: z.string(), token: z.uuid() })),
  max_team_members: z.number().int(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const OrganizationNameBodySchema = z.strictObject({
  name: z.string().trim().min(1, { error: ACCOUNT_MESSAGES.teamNameRequired }).max(100),
});
export const InviteBodySchema = z.strictObject({ email });
export const InvitationSchema = z.object({ invited_email: z.string(), token: z.uuid() });
export const CancelInviteBodySchema = z.strictObject({ token: z.uuid() });
export const RemoveMemberBodySchema = z.strictObject({ email });
export const JoinTeamBodySchema = z.strictObject({
  f_name: name,
  l_name: name,
  pw: newPassword,
  invitation_token: z.string().min(1).max(200),
  recaptcha_token: humanCheckToken,
  locale: z.string().max(20).default('en_US'),
  timezone: z.string().max(64).default('America/New_York'),
});

export const HumanCheckKindSchema = z.enum(['altcha', 'recaptcha', 'turnstile', 'off']);
export type HumanCheckKind = z.infer<typeof HumanCheckKindSchema>;
export const AltchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
