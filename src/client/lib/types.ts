import type { Permission, Role } from '@shared/permissions';

/** Shared props every page receives (see src/server/modules/core/index.ts). */
export interface SharedProps {
  auth: {
    user: { id: string; name: string; email: string; emailVerified: boolean; twoFactorEnabled: boolean; image: string | null } | null;
    team: { id: string; name: string; personal: boolean } | null;
    role: Role | null;
    teams: Array<{ id: string; name: string; personal: boolean; role: string }>;
    permissions: Permission[];
  };
  app: { name: string; pusher: { key: string; cluster: string; external: boolean; host: string | null; port: number | null; forceTLS: boolean } };
  errors: Record<string, string>;
  flash: { success: string | null; error: string | null; info: string | null; data: Record<string, unknown> | null };
  unreadNotifications?: number;
  [key: string]: unknown;
}
