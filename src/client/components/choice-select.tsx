import {
  MultiSelect,
  Select,
  type ComboboxData,
  type MultiSelectProps,
  type SelectProps,
} from '@mantine/core';

/** The value ChoiceSelect gives Mantine for the explicit "none" option (never sent to the server). */
const NONE = '__none__';

/** A flat option list: its values' type is what onChange gives back (an enum's, not a plain string). */
type ChoiceOptions<V extends string> = ReadonlyArray<{
  value: V;
  label: string;
  disabled?: boolean;
}>;

export type ChoiceSelectProps<V extends string = string> = Omit<
  SelectProps,
  'allowDeselect' | 'clearable' | 'value' | 'onChange' | 'data'
> & {
  data: ChoiceOptions<V> | ComboboxData;
  value: string | null | undefined;
  /** Called with the chosen value; '' only when the user picks the `noneLabel` option or clears a filter. */
  onChange: (value: V | '') => void;
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
export function ChoiceSelect<V extends string = string>({
  data,
  value,
  onChange,
  noneLabel,
  clearableFilter,
  ...rest
}: ChoiceSelectProps<V>) {
  const list = data as ComboboxData;
  const options: ComboboxData = noneLabel ? [{ value: NONE, label: noneLabel }, ...list] : list;
  const shown = value ? value : noneLabel ? NONE : null;
  return (
    <Select
      {...rest}
      data={options}
      value={shown}
      allowDeselect={false}
      clearable={Boolean(clearableFilter) && !rest.required}
      // Mantine gives back one of `options`' values: V when the options were typed with it
      onChange={(v) => onChange(v === null || v === NONE ? '' : (v as V))}
    />
  );
}

export type ChoiceMultiSelectProps = Omit<MultiSelectProps, 'value' | 'onChange' | 'data'> & {
  data: ComboboxData;
  value: string[];
  onChange: (value: string[]) => void;
};

/**
 * The app's one multiple choice (e.g. the columns of a transformation step): every select in
 * src/client goes through this file, so a change of behaviour is made once for all of them.
 */
export function ChoiceMultiSelect({ data, value, onChange, ...rest }: ChoiceMultiSelectProps) {
  return <MultiSelect {...rest} data={data} value={value} onChange={onChange} />;
}
