import type { ReactNode } from 'react';
import { rangeBounds, type QuestionDef } from '@shared/forms/questions';
import { say } from '@shared/forms/page-text/format';
import type { DraftValue } from './storage';
import classes from './public-form.module.css';
import { usePageText } from './page-text';

/**
 * A range (slider) question: a native range input (arrow keys, Page Up/Down, Home/End) between its
 * start and end labels, its value said below it. Until touched it is unanswered (the thumb shown
 * faint at the start, "Not answered yet" said): a tap or a key on the thumb where it stands
 * answers that value too, so the start is as easy to give as any other.
 */
export function RangeQuestion({
  q,
  value,
  error,
  set,
  inputId,
  describedBy,
  label,
  footer,
}: {
  q: QuestionDef;
  value: DraftValue | undefined;
  error?: string;
  set: (key: string, value: DraftValue) => void;
  inputId: string;
  describedBy?: string;
  label: ReactNode;
  footer: ReactNode;
}) {
  const t = usePageText();
  const r = rangeBounds(q);
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const answered = text !== '';
  const notSet = say(t, 'sliderNotSet');
  const take = (v: string) => {
    if (v !== text) set(q.key, v);
  };
  return (
    <div className={classes.question}>
      {label}
      {q.hint && (
        <p className={classes.hint} id={`${inputId}-hint`}>
          {q.hint}
        </p>
      )}
      <input
        id={inputId}
        type="range"
        className={`${classes.range} ${answered ? '' : classes.rangeUnset}`}
        min={r.min}
        max={r.max}
        step={r.step}
        value={answered ? text : String(r.min)}
        aria-valuetext={answered ? undefined : notSet}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => take(e.currentTarget.value)}
        onPointerUp={(e) => take(e.currentTarget.value)}
        onKeyUp={(e) => {
          if (e.key !== 'Tab' && e.key !== 'Shift') take(e.currentTarget.value);
        }}
      />
      <div className={classes.rangeEnds} aria-hidden="true">
        <span>{r.min}</span>
        <span>{r.max}</span>
      </div>
      <output htmlFor={inputId} className={classes.rangeValue} aria-live="polite">
        {answered ? text : notSet}
      </output>
      {footer}
    </div>
  );
}
