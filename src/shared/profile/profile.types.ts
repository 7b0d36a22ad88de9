/** Props of the 'profile/show' page (built by src/server/modules/profile/profile.props.ts). */
export interface BrowserSessionView {
  id: string;
  /** "Chrome on Linux" */
  device: string;
  browser: string | null;
  platform: string | null;
  mobile: boolean;
  ipAddress: string | null;
  /** the session of this browser */
  current: boolean;
  lastActiveAt: string;
}

export interface TeamRefView {
  id: string;
  name: string;
  otherMembers: number;
}

export interface ProfileShowProps {
  profile: { name: string; email: string; emailVerified: boolean };
  twoFactor: {
    enabled: boolean;
    /** set up started (secret made) but not yet confirmed with a code */
    pending: boolean;
    /** the password was confirmed recently: sensitive actions go straight through */
    passwordConfirmed: boolean;
    /** SVG data URL, only while setting up */
    qrCode: string | null;
    setupKey: string | null;
    /** only on the recovery-codes page (GET /user/two-factor-recovery-codes) */
    recoveryCodes: string[] | null;
  };
  sessions: BrowserSessionView[];
  deletion: {
    /** owned teams with other members and no other owner: transfer or delete them first */
    blocking: TeamRefView[];
    /** personal and solo teams, deleted with the account */
    deleted: Array<TeamRefView & { personal: boolean }>;
    /** teams the user only leaves */
    left: TeamRefView[];
  };
}
