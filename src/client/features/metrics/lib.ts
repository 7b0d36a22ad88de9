/** The first error of a field or of any of its sub-fields (customPeriods.0.key -> customPeriods). */
export function errorUnder(
  errors: Record<string, string | undefined>,
  prefix: string,
): string | undefined {
  return errors[prefix] ?? Object.entries(errors).find(([k]) => k.startsWith(`${prefix}.`))?.[1];
}

/** The options of a label table, typed with its keys (so a select gives back the enum, not a string). */
export const options = <K extends string>(labels: Record<K, string>) =>
  // Object.keys types keys as string; a Record<K, string> has exactly the keys K
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
