/** SPEC §5: e-mail required and in valid e-mail format; password required. */
export interface LoginFieldErrors {
  email?: string;
  password?: string;
}

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateAdminLogin(values: { email: string; password: string }): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (!EMAIL_FORMAT.test(email)) errors.email = 'Please enter a valid email address';
  if (!values.password) errors.password = 'Password is required';
  return errors;
}
