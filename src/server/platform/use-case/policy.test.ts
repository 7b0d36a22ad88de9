import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/permissions.js';
import { denial } from './policy.js';

const as = (role: Role, userId = 'me') => ({ userId, role });
const codeOf = (e: ReturnType<typeof denial>) => e && { code: e.code, message: e.message };

describe('team management policies', () => {
  const team = { personal: false };
  const personal = { personal: true };

  it('only the owner deletes a team, and never a personal one', () => {
    expect(denial(as('owner'), 'team.delete', { team })).toBeNull();
    expect(codeOf(denial(as('admin'), 'team.delete', { team }))?.code).toBe('FORBIDDEN');
    expect(codeOf(denial(as('owner'), 'team.delete', { team: personal }))).toEqual({
      code: 'PERSONAL_TEAM',
      message: 'A personal team cannot be deleted.',
    });
  });

  it('only the owner transfers, to another member, and not a personal team', () => {
    const other = { userId: 'them', role: 'admin' as const };
    expect(denial(as('owner'), 'team.transfer', { team, member: other })).toBeNull();
    expect(denial(as('admin'), 'team.transfer', { team, member: other })?.code).toBe('FORBIDDEN');
    expect(
      denial(as('owner'), 'team.transfer', { team, member: { userId: 'me', role: 'owner' } })?.code,
    ).toBe('ALREADY_OWNER');
    expect(denial(as('owner'), 'team.transfer', { team: personal, member: other })?.message).toBe(
      'A personal team cannot change hands.',
    );
  });

  it('owners and admins change roles and remove members, but never the owner', () => {
    const editor = { userId: 'them', role: 'editor' as const };
    const owner = { userId: 'boss', role: 'owner' as const };
    for (const role of ['owner', 'admin'] as const) {
      expect(denial(as(role), 'team.members.update', { member: editor })).toBeNull();
      expect(denial(as(role), 'team.members.remove', { member: editor })).toBeNull();
      expect(denial(as(role), 'team.members.update', { member: owner })?.message).toMatch(
        /owner cannot be demoted/,
      );
      expect(denial(as(role), 'team.members.remove', { member: owner })?.message).toMatch(
        /owner cannot be removed/,
      );
    }
    for (const role of ['editor', 'viewer'] as const) {
      expect(denial(as(role), 'team.members.update', { member: editor })?.message).toBe(
        'Only the team’s owner and administrators can change roles.',
      );
      expect(denial(as(role), 'team.members.remove', { member: editor })?.code).toBe('FORBIDDEN');
    }
  });

  it('every member may leave, except the owner', () => {
    for (const role of ['admin', 'editor', 'viewer'] as const)
      expect(denial(as(role), 'team.leave', { member: { userId: 'me', role } })).toBeNull();
    expect(
      denial(as('owner'), 'team.leave', { member: { userId: 'me', role: 'owner' } })?.message,
    ).toMatch(/owner cannot leave/);
  });
});
