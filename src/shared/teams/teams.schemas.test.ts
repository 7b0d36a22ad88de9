import { describe, expect, it } from 'vitest';
import { createTeamSchema, switchTeamSchema } from './teams.schemas.js';
import { inviteMemberSchema, updateMemberRoleSchema, ASSIGNABLE_ROLES } from './members.schemas.js';

describe('team schemas', () => {
  it('trims the name and bounds it to 1..100 characters', () => {
    expect(createTeamSchema.parse({ name: '  Field Team  ' }).name).toBe('Field Team');
    expect(createTeamSchema.safeParse({ name: '   ' }).success).toBe(false);
    expect(createTeamSchema.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
    expect(createTeamSchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
    expect(createTeamSchema.safeParse({ name: 'ok', personal: true }).success).toBe(false);
  });

  it('needs a team id to switch to', () => {
    expect(switchTeamSchema.safeParse({ teamId: 'abc' }).success).toBe(true);
    expect(switchTeamSchema.safeParse({}).success).toBe(false);
    expect(switchTeamSchema.safeParse({ team: 'abc' }).success).toBe(false);
  });
});

describe('member schemas', () => {
  it('lower-cases and validates the email, and never accepts the owner role', () => {
    expect(inviteMemberSchema.parse({ email: ' Ada@Example.ORG ', role: 'viewer' })).toEqual({
      email: 'ada@example.org',
      role: 'viewer',
    });
    expect(inviteMemberSchema.safeParse({ email: 'nope', role: 'viewer' }).success).toBe(false);
    expect(inviteMemberSchema.safeParse({ email: 'a@b.org', role: 'owner' }).success).toBe(false);
    expect(updateMemberRoleSchema.safeParse({ role: 'owner' }).success).toBe(false);
    expect(ASSIGNABLE_ROLES).toEqual(['admin', 'editor', 'viewer']);
  });
});
