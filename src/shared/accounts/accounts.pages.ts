/** Props of the account pages that take any (modules/accounts). */

export interface ResetPasswordProps {
  token: string;
  email: string;
  /** false: the link expired or was used; the page offers a new one */
  tokenValid: boolean;
}

export interface VerifyEmailProps {
  email: string;
}
