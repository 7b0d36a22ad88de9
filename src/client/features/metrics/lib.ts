/** The first error of a field or of any of its sub-fields (customPeriods.0.key -> customPeriods). */
export function errorUnder(
  errors: Record<string, string | undefined>,
  prefix: string,
): string | undefined {
  return errors[prefix] ?? Object.entries(errors).find(([k]) => k.startsWith(`${prefix}.`))?.[1];
}

export const options = <K extends string>(labels: Record<K, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label: label as string }));
