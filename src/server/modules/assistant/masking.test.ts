import { describe, expect, it } from 'vitest';
import { Masker } from './masking.js';

describe('Masker', () => {
  it('replaces emails, phone numbers and stakeholder names with placeholders', () => {
    const m = new Masker(['Amina Yusuf', 'Joseph']);
    const out = m.mask(
      'Amina Yusuf (amina.yusuf@example.org, +254 712 345 678) met joseph; call 020-555-0199.',
    );
    expect(out).toBe('[name 1] ([email 1], [phone 1]) met [name 2]; call [phone 2].');
    expect(out).not.toMatch(/amina|joseph|example\.org|712/i);
  });

  it('gives the same value the same placeholder and puts values back in the answer', () => {
    const m = new Masker(['Amina Yusuf']);
    expect(m.mask('Amina Yusuf again, a@b.co')).toBe('[name 1] again, [email 1]');
    expect(m.mask('Ask amina yusuf')).toBe('Ask [name 1]');
    expect(m.unmask('[name 1] wrote from [email 1]; [name 9] is unknown')).toBe(
      'Amina Yusuf wrote from a@b.co; [name 9] is unknown',
    );
  });

  it('leaves figures, dates, periods and words that only contain a name alone', () => {
    const m = new Masker(['Ali']);
    const text = 'Q2 2026: 1250 girls, 2026-03-01, 60% of target; Alice and Bali are not Ali.';
    expect(m.mask(text)).toBe(
      'Q2 2026: 1250 girls, 2026-03-01, 60% of target; Alice and Bali are not [name 1].',
    );
  });

  it('masks nothing without names beyond emails and phones', () => {
    expect(new Masker().mask('no personal data here')).toBe('no personal data here');
  });
});
