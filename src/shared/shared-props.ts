import type { Permission, Role } from './permissions.js';
import type { Feature } from './settings/settings.js';

/** Props every page receives (platform: errors, flash; core: auth, app; notifications: unreadNotifications). */
interface AuthProp {
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
    image: string | null;
  } | null;
  team: { id: string; name: string; personal: boolean } | null;
  role: Role | null;
  teams: Array<{ id: string; name: string; personal: boolean; role: string }>;
  permissions: Permission[];
}

interface AppProp {
  name: string;
  pusher: {
    key: string;
    cluster: string;
    external: boolean;
    host: string | null;
    port: number | null;
    forceTLS: boolean;
  };
}

interface FlashProp {
  /** the flashing response's id: its messages are shown once (a repeated text is a new toast) */
  id: string | null;
  success: string | null;
  error: string | null;
  info: string | null;
  data: Record<string, unknown> | null;
}

/** Shared props added by modules through `ctx.shared.add(name, resolver)`. */
export interface ModuleSharedProps {
  auth: AuthProp;
  app: AppProp;
  unreadNotifications: number;
  /** the current team's capability switches (settings module); null without a current team */
  features: Record<Feature, boolean> | null;
  /**
   * the current team's defaults (settings, general): new forms start in its language; a metric
   * set to fiscal periods snapshots its fiscal year start month (1-12)
   */
  teamDefaults: { language: string; timezone: string; fiscalYearStartMonth: number } | null;
}

export interface SharedProps extends ModuleSharedProps {
  /** field -> message (a request naming an error bag gets them grouped under it) */
  errors: Record<string, string>;
  flash: FlashProp;
}
