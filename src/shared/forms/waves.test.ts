import { describe, expect, it } from 'vitest';
import { inWaveOrder, NO_WAVE } from './waves.js';

describe('inWaveOrder', () => {
  it("lists waves in the form's order, not alphabetically", () => {
    expect(
      inWaveOrder(['endline', 'midline', 'baseline'], ['baseline', 'midline', 'endline']),
    ).toEqual(['baseline', 'midline', 'endline']);
  });

  it('puts undeclared waves after the declared ones and no wave last', () => {
    expect(
      inWaveOrder([NO_WAVE, 'pilot', 'endline', 'adhoc', 'baseline'], ['baseline', 'endline']),
    ).toEqual(['baseline', 'endline', 'adhoc', 'pilot', NO_WAVE]);
  });

  it('leaves out declared waves nobody answered in', () => {
    expect(inWaveOrder(['endline'], ['baseline', 'midline', 'endline'])).toEqual(['endline']);
  });
});
