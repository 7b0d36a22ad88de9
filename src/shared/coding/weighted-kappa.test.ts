import { describe, expect, it } from 'vitest';
import { ordinalAgreement } from './weighted-kappa.js';

describe('ordinalAgreement', () => {
  it('is 1 on perfect agreement and null without pairs', () => {
    const a = ordinalAgreement(
      [1, 2, 3, 4, 5].map((l) => ({ machine: l, human: l })),
      5,
    );
    expect(a).toMatchObject({ pairs: 5, exact: 1, adjacent: 1, weightedKappa: 1 });
    expect(ordinalAgreement([], 5)).toMatchObject({ pairs: 0, weightedKappa: null, exact: null });
  });

  it('matches a hand-computed quadratic weighted kappa', () => {
    // 3 levels; pairs (m,h): (1,1) (2,2) (3,3) (1,2) (3,2) (2,3)
    // rows (machine) 2,2,2; cols (human) 1,3,2; weights ((i-j)/2)^2: 0, 0.25, 1
    // observed = 0.25 * 3 = 0.75; expected = sum w_ij * r_i * c_j / 6
    //   = (1/6) * [0.25*(2*3 + 2*1 + 2*2 + 2*3) + 1*(2*2 + 2*1)] = (1/6) * [0.25*18 + 6] = 1.75
    const a = ordinalAgreement(
      [
        [1, 1],
        [2, 2],
        [3, 3],
        [1, 2],
        [3, 2],
        [2, 3],
      ].map(([machine, human]) => ({ machine, human })),
      3,
    );
    expect(a.exact).toBe(0.5);
    expect(a.adjacent).toBe(1);
    expect(a.weightedKappa).toBe(Math.round((1 - 0.75 / 1.75) * 1000) / 1000);
    expect(a.table).toEqual([
      [1, 1, 0],
      [0, 1, 1],
      [0, 1, 1],
    ]);
  });

  it('is null when both scorers use one level only', () => {
    expect(ordinalAgreement([{ machine: 2, human: 2 }], 5).weightedKappa).toBeNull();
  });
});
