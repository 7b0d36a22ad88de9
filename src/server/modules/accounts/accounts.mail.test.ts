import { describe, expect, it } from 'vitest';
import { describeDuration, resetPasswordMail, verificationMail } from './accounts.mail.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../platform/auth/auth.js';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../shared/accounts/accounts.schemas.js';

const to = { name: 'Ravi <script>alert(1)</script>', email: 'ravi@example.org' };

describe('account mail', () => {
  it('verification: app name, link, expiry, in text and HTML', () => {
    const m = verificationMail('Pathways', to, 'https://app.test/verify-email/abc?x=1&y=2', 86400);
    expect(m.subject).toBe('Verify your email address for Pathways');
    expect(m.text).toContain('https://app.test/verify-email/abc?x=1&y=2');
    expect(m.text).toContain('This link is valid for 24 hours.');
    expect(m.html).toContain('href="https://app.test/verify-email/abc?x=1&amp;y=2"');
    expect(m.html).toContain('Pathways');
  });

  it('reset: states 60 minutes', () => {
    const m = resetPasswordMail('Pathways', to, 'https://app.test/reset-password/t', 3600);
    expect(m.subject).toBe('Reset your Pathways password');
    expect(m.text).toContain('valid for 60 minutes');
    expect(m.html).toContain('Reset password');
  });

  it('escapes user data in HTML', () => {
    const m = verificationMail('Pathways', to, 'https://app.test/"><script>', 60);
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('Ravi &lt;script&gt;');
    expect(m.html).toContain('https://app.test/&quot;&gt;&lt;script&gt;');
  });

  it('describes durations', () => {
    expect(describeDuration(3600)).toBe('60 minutes');
    expect(describeDuration(86400)).toBe('24 hours');
    expect(describeDuration(60)).toBe('1 minute');
  });

  it('the client rules and the auth library agree on password lengths', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]);
  });
});
