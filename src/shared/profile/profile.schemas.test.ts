import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  passwordOnlySchema,
  updatePasswordSchema,
  updateProfileInformationSchema,
} from './profile.schemas.js';
import { confirmTwoFactorSchema, twoFactorChallengeSchema } from './two-factor.schemas.js';

describe('profile schemas', () => {
  it('normalises name and email and refuses unknown fields', () => {
    expect(
      updateProfileInformationSchema.parse({ name: '  Ada ', email: ' Ada@Example.ORG ' }),
    ).toEqual({ name: 'Ada', email: 'ada@example.org' });
    expect(
      updateProfileInformationSchema.safeParse({
        name: 'Ada',
        email: 'ada@example.org',
        emailVerified: true,
      }).success,
    ).toBe(false);
    expect(updateProfileInformationSchema.safeParse({ name: '', email: 'x' }).success).toBe(false);
  });

  it('password update: confirmation must match, new must differ and be long enough', () => {
    const ok = {
      currentPassword: 'old-password',
      password: 'new-password',
      passwordConfirmation: 'new-password',
    };
    expect(updatePasswordSchema.safeParse(ok).success).toBe(true);
    const paths = (v: unknown) =>
      (updatePasswordSchema.safeParse(v).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths({ ...ok, passwordConfirmation: 'other' })).toEqual(['passwordConfirmation']);
    expect(
      paths({ ...ok, password: 'old-password', passwordConfirmation: 'old-password' }),
    ).toEqual(['password']);
    expect(paths({ ...ok, password: 'short', passwordConfirmation: 'short' })).toContain(
      'password',
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        for (const s of [
          updateProfileInformationSchema,
          updatePasswordSchema,
          passwordOnlySchema,
          confirmTwoFactorSchema,
          twoFactorChallengeSchema,
        ])
          s.safeParse(v);
      }),
    );
  });
});

describe('two-factor schemas', () => {
  it('a code is six digits (spaces removed)', () => {
    expect(confirmTwoFactorSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    for (const code of ['12345', '1234567', 'abcdef', ''])
      expect(confirmTwoFactorSchema.safeParse({ code }).success).toBe(false);
  });

  it('the challenge takes a code or a recovery code, errors on the field in use', () => {
    expect(twoFactorChallengeSchema.parse({ code: '654321' })).toEqual({
      kind: 'totp',
      code: '654321',
    });
    expect(twoFactorChallengeSchema.parse({ recoveryCode: ' abcde-12345 ' })).toEqual({
      kind: 'recovery',
      code: 'abcde-12345',
    });
    expect(twoFactorChallengeSchema.parse({ code: '', recoveryCode: 'abcde-12345' })).toEqual({
      kind: 'recovery',
      code: 'abcde-12345',
    });
    expect(
      twoFactorChallengeSchema.safeParse({ recoveryCode: '  ' }).error?.issues[0].path,
    ).toEqual(['recoveryCode']);
    expect(twoFactorChallengeSchema.safeParse({ code: '12' }).error?.issues[0].path).toEqual([
      'code',
    ]);
    expect(twoFactorChallengeSchema.safeParse({}).error?.issues[0].path).toEqual(['code']);
    expect(twoFactorChallengeSchema.safeParse({ code: '123456', other: 1 }).success).toBe(false);
  });
});
