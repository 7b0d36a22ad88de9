import { describe, expect, it } from 'vitest';
import { distance, findDuplicates, nameKey, phoneKey } from './longitudinal.duplicates.js';
import { changeOf } from './longitudinal.rows.js';

const person = (id: string, name: string, phones: string[] = [], births: string[] = []) => ({
  id,
  code: `S-${id}`,
  name,
  key: nameKey(name),
  phones,
  births,
});

describe('duplicate stakeholders', () => {
  it('normalises names, phones and distances', () => {
    expect(nameKey('  Ali, JUMA ')).toBe('ali juma');
    expect(nameKey('Amélie Núñez')).toBe('amelie nunez');
    expect(phoneKey('+254 700 111-222')).toBe('700111222');
    expect(phoneKey('0700111222')).toBe('700111222');
    expect(phoneKey('12 34')).toBeNull();
    expect(distance('amina', 'amina', 1)).toBe(0);
    expect(distance('amina odhiambo', 'amina odiambo', 2)).toBe(1);
    expect(distance('amina', 'peter', 1)).toBe(Infinity);
  });

  it('pairs same or close names and same phones, a birth date only beside another reason', () => {
    const pairs = findDuplicates([
      person('A', 'Amina Odhiambo', [], ['1990-01-01']),
      person('B', 'amina odiambo', [], ['1990-01-01']),
      person('C', 'Peter Kamau', ['700111222']),
      person('D', 'Grace Wanjiru', ['700111222']),
      person('E', 'John Otieno', [], ['1990-01-01']),
    ]);
    expect(pairs.map((p) => [p.a.id, p.b.id, p.reasons])).toEqual([
      ['A', 'B', ['similar name (1 letter apart)', 'same birth date']],
      ['C', 'D', ['same phone']],
    ]);
  });

  it('computes the change between waves', () => {
    expect(changeOf(1, 3, true)).toBe(2);
    expect(changeOf(0.1, 0.3, true)).toBe(0.2);
    expect(changeOf(2, 2, true)).toBe(0);
    expect(changeOf('well', 'tap', false)).toBe('changed');
    expect(changeOf('tap', 'tap', false)).toBe('unchanged');
    expect(changeOf(null, 'tap', false)).toBeNull();
  });
});
