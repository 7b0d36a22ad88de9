import { Select, type ComboboxData, type SelectProps } from '@mantine/core';

/** The value ChoiceSelect gives Mantine for the explicit "none" option (never sent to the server). */
const NONE = '__none__';

export type ChoiceSelectProps = Omit<
  SelectProps,
  'allowDeselect' | 'clearable' | 'value' | 'onChange' | 'data'
> & {
  data: ComboboxData;
  value: string | null | undefined;
  /** Called with the chosen value; '' only when the user picks the `noneLabel` option or clears a filter. */
  onChange: (value: string) => void;
  /**
   * An optional choice says so with an explicit option (e.g. "Total (all)", "Nobody yet") that
   * stands for ''. Without it the select is a required choice: nothing can empty it.
   */
  noneLabel?: string;
  /** Only for filters (never a form field): an × button that clears the choice on purpose. */
  clearableFilter?: boolean;
};

/**
 * The app's one select. Mantine's Select empties itself when the chosen option is clicked again
 * (allowDeselect); a form then silently saves "nothing" (issue 8: a re-picked "Female" was stored as
 * Total). Here re-picking keeps the choice, "no choice" is an option the user picks on purpose, and
 * only filters get a clear button. Every select in src/client goes through this component
 * (choice-select.test.ts checks it).
 */
export function ChoiceSelect({
  data,
  value,
  onChange,
  noneLabel,
  clearableFilter,
  ...rest
}: ChoiceSelectProps) {
  const options: ComboboxData = noneLabel ? [{ value: NONE, label: noneLabel }, ...data] : data;
  const shown = value ? value : noneLabel ? NONE : null;
  return (
    <Select
      {...rest}
      data={options}
      value={shown}
      allowDeselect={false}
      clearable={Boolean(clearableFilter) && !rest.required}
      onChange={(v) => onChange(v === null || v === NONE ? '' : v)}
    />
  );
}
