import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema, resetPasswordSchema } from './accounts.schemas.js';

const ok = {
  name: ' Ada ',
  email: ' Ada@Example.ORG ',
  password: 'password-1',
  password_confirmation: 'password-1',
  terms: true,
};

describe('account schemas', () => {
  it('normalises email and name', () => {
    expect(registerSchema.parse(ok)).toEqual({ ...ok, name: 'Ada', email: 'ada@example.org' });
  });

  it('accepts an HTML checkbox value for terms and remember', () => {
    expect(registerSchema.parse({ ...ok, terms: 'on' }).terms).toBe(true);
    expect(loginSchema.parse({ email: 'a@b.org', password: 'x', remember: 'on' }).remember).toBe(
      true,
    );
    expect(registerSchema.safeParse({ ...ok, terms: 'off' }).success).toBe(false);
  });

  it('refuses unknown fields (strict)', () => {
    expect(registerSchema.safeParse({ ...ok, emailVerified: true }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'a@b.org', password: 'x', role: 'owner' }).success).toBe(
      false,
    );
  });

  it('puts a confirmation mismatch on password_confirmation', () => {
    const r = resetPasswordSchema.safeParse({
      token: 't',
      email: 'a@b.org',
      password: 'password-1',
      password_confirmation: 'password-2',
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['password_confirmation']);
  });

  it('bounds password length', () => {
    expect(
      registerSchema.safeParse({
        ...ok,
        password: 'x'.repeat(129),
        password_confirmation: 'x'.repeat(129),
      }).success,
    ).toBe(false);
    expect(loginSchema.safeParse({ email: 'a@b.org', password: 'x'.repeat(129) }).success).toBe(
      false,
    );
  });
});
