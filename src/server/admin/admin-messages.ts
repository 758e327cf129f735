/** The `{ error }` texts of the admin API (SPEC §7: the login reads `error`; §8 shows it as it is). */
export const ADMIN_ERRORS = {
  notAuthenticated: 'Authentication required',
  /** One text for an unknown e-mail, a wrong password and a deactivated account (no account enumeration). */
  invalidCredentials: 'Invalid email or password',
  missingCredentials: 'Email and password are required',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  crossOrigin: 'Cross-origin admin requests are refused',
  notJsonPost: 'State-changing admin requests must be JSON POSTs',
  notFound: 'Not found',
  /** A signed-in admin whose role does not allow the route (admin-roles.ts). */
  forbiddenForRole: 'Your role does not allow this',
  /** A session past its password whose second factor (enrolment or code) is still owed. */
  secondFactorRequired: 'Two-factor sign-in required',
  invalidSecondFactor: 'Invalid authentication code',
  /** The pending sign-in sent SECOND_FACTOR_TRIES_PER_SESSION wrong codes: it is ended. */
  secondFactorSessionEnded: 'Too many wrong codes. Sign in again.',
  alreadyEnrolled: 'Two-factor sign-in is already set up',
  notEnrolled: 'Two-factor sign-in is not set up yet',
  enrolmentNotStarted: 'Start two-factor set-up first',
  /** A password change whose current password is wrong (400: the session itself is fine). */
  wrongCurrentPassword: 'The current password is wrong',
  /** A password change by an enrolled admin that sent no code. */
  secondFactorCodeMissing: 'Enter a code from your authenticator app or a recovery code',
  /** New recovery codes take a code from the app, not one of the codes they replace. */
  totpCodeRequired: 'Enter a current code from your authenticator app',
  samePassword: 'The new password must differ from the current one',
  /** An id that names none of the signed-in admin's own sessions (another admin's included). */
  noSuchOwnSession: 'No such session of yours',
} as const;
