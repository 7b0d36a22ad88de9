/**
 * Agreement between two coders on one code (present / absent per response): the 2x2 confusion
 * table and Cohen's kappa. Rows are the machine, columns the human.
 */
export interface Confusion {
  /** both applied the code */
  both: number;
  /** the machine applied it, the human did not */
  machineOnly: number;
  /** the human applied it, the machine did not */
  humanOnly: number;
  /** neither applied it */
  neither: number;
}

export function confusionOf(pairs: Array<{ machine: boolean; human: boolean }>): Confusion {
  const t: Confusion = { both: 0, machineOnly: 0, humanOnly: 0, neither: 0 };
  for (const { machine, human } of pairs) {
    if (machine && human) t.both++;
    else if (machine) t.machineOnly++;
    else if (human) t.humanOnly++;
    else t.neither++;
  }
  return t;
}

/**
 * Cohen's kappa: (po - pe) / (1 - pe). Null when it is undefined: no pairs, or both coders put
 * every response in the same category (pe = 1), where agreement beyond chance cannot be measured.
 */
export function cohensKappa(t: Confusion): number | null {
  const n = t.both + t.machineOnly + t.humanOnly + t.neither;
  if (n === 0) return null;
  const po = (t.both + t.neither) / n;
  const machineYes = (t.both + t.machineOnly) / n;
  const humanYes = (t.both + t.humanOnly) / n;
  const pe = machineYes * humanYes + (1 - machineYes) * (1 - humanYes);
  if (pe >= 1) return null;
  return (po - pe) / (1 - pe);
}
