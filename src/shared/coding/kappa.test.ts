import { describe, expect, it } from 'vitest';
import { cohensKappa, confusionOf } from './kappa.js';

describe("Cohen's kappa on hand-checked 2x2 tables", () => {
  it('po 0.7, pe 0.5 -> 0.4', () => {
    // po = 35/50; machine yes 25/50, human yes 30/50; pe = .5*.6 + .5*.4 = .5
    expect(cohensKappa({ both: 20, machineOnly: 5, humanOnly: 10, neither: 15 })).toBeCloseTo(
      0.4,
      10,
    );
  });
  it('po 0.6, pe 0.54 -> 0.06 / 0.46', () => {
    expect(cohensKappa({ both: 45, machineOnly: 15, humanOnly: 25, neither: 15 })).toBeCloseTo(
      0.06 / 0.46,
      10,
    );
  });
  it('perfect agreement is 1, perfect disagreement on a balanced table is -1', () => {
    expect(cohensKappa({ both: 10, machineOnly: 0, humanOnly: 0, neither: 10 })).toBe(1);
    expect(cohensKappa({ both: 0, machineOnly: 5, humanOnly: 5, neither: 0 })).toBe(-1);
  });
  it('is undefined (null) without pairs or when both coders never vary', () => {
    expect(cohensKappa({ both: 0, machineOnly: 0, humanOnly: 0, neither: 0 })).toBeNull();
    expect(cohensKappa({ both: 0, machineOnly: 0, humanOnly: 0, neither: 12 })).toBeNull();
    expect(cohensKappa({ both: 7, machineOnly: 0, humanOnly: 0, neither: 0 })).toBeNull();
  });
  it('counts pairs into the table', () => {
    expect(
      confusionOf([
        { machine: true, human: true },
        { machine: true, human: false },
        { machine: false, human: true },
        { machine: false, human: true },
        { machine: false, human: false },
      ]),
    ).toEqual({ both: 1, machineOnly: 1, humanOnly: 2, neither: 1 });
  });
});
