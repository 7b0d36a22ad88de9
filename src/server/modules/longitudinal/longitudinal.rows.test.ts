import { describe, expect, it } from 'vitest';
import { valueOf } from './longitudinal.rows.js';

describe('valueOf (a longitudinal cell)', () => {
  it('shows object answers by what they hold, never "[object Object]"', () => {
    const file = { fileId: 'f1', name: 'receipt.jpg', size: 2048, type: 'image/jpeg' };
    expect(valueOf(file, false)).toBe('receipt.jpg');
    expect(valueOf({ lat: -1.2921, lon: 36.8219, accuracy: 12 }, false)).toBe('-1.2921, 36.8219');
    expect(valueOf({ taste: 'agree', price: 'disagree', empty: '' }, false)).toBe(
      'taste: agree; price: disagree',
    );
    expect(valueOf({}, false)).toBeNull();
  });

  it('keeps numbers, lists and text as before', () => {
    expect(valueOf('4', true)).toBe(4);
    expect(valueOf(['a', 'b'], false)).toBe('a, b');
    expect(valueOf('yes', false)).toBe('yes');
    expect(valueOf('', false)).toBeNull();
  });
});
