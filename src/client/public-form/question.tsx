import type { ReactNode } from 'react';
import { OTHER_VALUE, otherKey, type Choice, type QuestionDef } from '@shared/forms/questions';
import { offeredChoices } from '@shared/forms/choice-filter';
import { requiredNow } from '@shared/forms/logic';
import { compiledExpression, type Answer } from '@shared/expressions';
import { calculated } from '@shared/forms/answers-more';
import classes from './public-form.module.css';
import { GeopointQuestion, MatrixQuestion, RankingQuestion } from './question-more';
import { FileQuestion } from './file-question';
import { RangeQuestion } from './range-question';
import { useFillText } from './fill-text';
import type { DraftAnswers, DraftValue } from './storage';
import { say } from '@shared/forms/page-text/format';
import type { PageText } from '@shared/forms/page-text/format';
import { usePageText } from './page-text';

type RawAnswers = DraftAnswers;

interface Props {
  q: QuestionDef;
  answers: RawAnswers;
  errors: Record<string, string>;
  set: (key: string, value: DraftValue) => void;
  /**
   * what its expressions read (a choice filter, a required condition): the form's answers, inside
   * a repeat the instance's over those outside it
   */
  scope?: Readonly<Record<string, Answer>>;
  /** inside a repeat instance: its number from 1 */
  position?: number;
}

const MORE = { matrix: MatrixQuestion, ranking: RankingQuestion, geopoint: GeopointQuestion };

/** The id of a question's first input: the error summary links to it. */
export const inputId = (key: string) => `q-${key}`;
const errId = (key: string) => `q-${key}-error`;
const hintId = (key: string) => `q-${key}-hint`;

const INPUT_TYPE: Partial<
  Record<QuestionDef['type'], { type: string; inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' }>
> = {
  short_text: { type: 'text' },
  integer: { type: 'text', inputMode: 'numeric' },
  decimal: { type: 'text', inputMode: 'decimal' },
  email: { type: 'email', inputMode: 'email' },
  phone: { type: 'tel', inputMode: 'tel' },
  date: { type: 'date' },
  time: { type: 'time' },
  datetime: { type: 'datetime-local' },
};

function Described({
  q,
  error,
  children,
}: {
  q: QuestionDef;
  error?: string;
  children: ReactNode;
}) {
  return (
    <>
      {q.hint && (
        <p className={classes.hint} id={hintId(q.key)}>
          {q.hint}
        </p>
      )}
      {children}
      {error && (
        <p className={classes.error} id={errId(q.key)}>
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (q: QuestionDef, error?: string) =>
  [q.hint ? hintId(q.key) : null, error ? errId(q.key) : null].filter(Boolean).join(' ') ||
  undefined;

function Required({ q }: { q: QuestionDef }) {
  return q.required ? (
    <span className={classes.required} aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

function choiceList(
  q: QuestionDef,
  t: PageText,
  offered: readonly Choice[] = q.choices,
): Array<{ value: string; label: string }> {
  if (q.type === 'yes_no')
    return [
      { value: 'yes', label: say(t, 'yes') },
      { value: 'no', label: say(t, 'no') },
    ];
  if (q.type === 'rating')
    return Array.from({ length: q.scale ?? 5 }, (_, i) => ({
      value: String(i + 1),
      label: String(i + 1),
    }));
  if (q.type === 'nps')
    return Array.from({ length: 11 }, (_, i) => ({ value: String(i), label: String(i) }));
  const list = offered.map((c) => ({ value: c.value, label: c.label }));
  return q.allowOther ? [...list, { value: OTHER_VALUE, label: say(t, 'otherChoice') }] : list;
}

/** One question of the public form: native inputs, fieldset/legend for choice groups, errors linked. */
export function PublicQuestion({ q: def, answers, errors, set, scope = {}, position }: Props) {
  const t = usePageText();
  const fill = useFillText();
  // its texts with the answers they show (`${key}`), and required now: `required`, and its
  // condition (if any) true for the answers so far
  const q = {
    ...def,
    label: fill(def.label, scope),
    hint: def.hint ? fill(def.hint, scope) : def.hint,
    required: def.requiredWhen ? requiredNow(def, scope, { position }) : def.required,
  };
  const error = errors[q.key];
  const value = answers[q.key];
  const offered = q.choiceFilter ? offeredChoices(q, scope, { position }) : q.choices;
  if (q.readOnly) {
    // its calculation over the answers so far, else its default
    const shown = q.calculation?.trim()
      ? String(calculated(compiledExpression(q.calculation), scope, undefined, position) ?? '')
      : (q.defaultValue ?? '');
    return <ReadOnlyQuestion q={q} text={readOnlyText(q, t, shown)} />;
  }
  // a page break is the title of the page it opens (form-app.tsx), not a question; a calculate
  // and a hidden value are never shown
  if (q.type === 'page' || q.type === 'calculate' || q.type === 'hidden') return null;
  if (q.type === 'matrix' || q.type === 'ranking' || q.type === 'geopoint') {
    const More = MORE[q.type];
    return (
      <More
        q={q}
        value={value}
        error={error}
        set={set}
        firstId={inputId(q.key)}
        describedBy={describedBy(q, error)}
        header={
          <>
            <legend className={classes.label}>
              {q.label}
              <Required q={q} />
            </legend>
            {q.hint && (
              <p className={classes.hint} id={hintId(q.key)}>
                {q.hint}
              </p>
            )}
          </>
        }
        footer={
          error && (
            <p className={classes.error} id={errId(q.key)}>
              {error}
            </p>
          )
        }
      />
    );
  }
  if (q.type === 'range')
    return (
      <RangeQuestion
        q={q}
        value={value}
        error={error}
        set={set}
        inputId={inputId(q.key)}
        describedBy={describedBy(q, error)}
        label={
          <label className={classes.label} htmlFor={inputId(q.key)}>
            {q.label}
            <Required q={q} />
          </label>
        }
        footer={
          error && (
            <p className={classes.error} id={errId(q.key)}>
              {error}
            </p>
          )
        }
      />
    );
  if (q.type === 'file')
    return (
      <FileQuestion
        q={q}
        value={value}
        error={error}
        set={set}
        inputId={inputId(q.key)}
        label={
          <label className={classes.label} htmlFor={inputId(q.key)}>
            {q.label}
            <Required q={q} />
          </label>
        }
      />
    );
  if (q.type === 'note')
    return (
      <div className={classes.note}>
        <p style={{ margin: 0, fontWeight: 600 }}>{q.label}</p>
        {q.hint && <p style={{ margin: 0 }}>{q.hint}</p>}
      </div>
    );
  if (q.type === 'acknowledge')
    return (
      <div className={classes.question}>
        <Described q={q} error={error}>
          <label className={classes.option}>
            <input
              id={inputId(q.key)}
              type="checkbox"
              checked={value === true}
              required={q.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(q, error)}
              onChange={(e) => set(q.key, e.currentTarget.checked)}
            />
            <span>
              {q.label}
              <Required q={q} />
            </span>
          </label>
        </Described>
      </div>
    );
  if (['single_choice', 'multiple_choice', 'yes_no', 'rating', 'nps'].includes(q.type)) {
    const multi = q.type === 'multiple_choice';
    const list = choiceList(q, t, offered);
    const chosen = multi
      ? Array.isArray(value)
        ? value
        : []
      : typeof value === 'string'
        ? value
        : '';
    const otherChosen = multi ? (chosen as string[]).includes(OTHER_VALUE) : chosen === OTHER_VALUE;
    const scale = q.type === 'rating' || q.type === 'nps';
    return (
      <fieldset
        className={classes.question}
        aria-describedby={describedBy(q, error)}
        aria-invalid={error ? true : undefined}
      >
        <legend className={classes.label}>
          {q.label}
          <Required q={q} />
        </legend>
        <Described q={q} error={undefined}>
          <div className={scale ? classes.scale : undefined}>
            {list.map((c, i) => (
              <label key={c.value} className={classes.option}>
                <input
                  id={i === 0 ? inputId(q.key) : undefined}
                  type={multi ? 'checkbox' : 'radio'}
                  name={q.key}
                  value={c.value}
                  checked={multi ? (chosen as string[]).includes(c.value) : chosen === c.value}
                  onChange={(e) => {
                    if (!multi) return set(q.key, c.value);
                    const now = chosen as string[];
                    set(
                      q.key,
                      e.currentTarget.checked
                        ? [...now, c.value]
                        : now.filter((v) => v !== c.value),
                    );
                  }}
                />
                <span>{c.label}</span>
              </label>
            ))}
          </div>
        </Described>
        {otherChosen && <OtherInput q={q} answers={answers} errors={errors} set={set} />}
        {error && (
          <p className={classes.error} id={errId(q.key)}>
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  const common = {
    id: inputId(q.key),
    name: q.key,
    className: `${classes.input} ${error ? classes.invalid : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(q, error),
    'aria-required': q.required || undefined,
  };
  const text = typeof value === 'string' ? value : '';
  return (
    <div className={classes.question}>
      <label className={classes.label} htmlFor={inputId(q.key)}>
        {q.label}
        <Required q={q} />
      </label>
      <Described q={q} error={error}>
        {q.type === 'long_text' ? (
          <textarea
            {...common}
            rows={4}
            value={text}
            onChange={(e) => set(q.key, e.currentTarget.value)}
          />
        ) : q.type === 'dropdown' ? (
          <>
            <select {...common} value={text} onChange={(e) => set(q.key, e.currentTarget.value)}>
              <option value="">{say(t, 'choose')}</option>
              {choiceList(q, t, offered).map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            {text === OTHER_VALUE && (
              <OtherInput q={q} answers={answers} errors={errors} set={set} />
            )}
          </>
        ) : (
          <input
            {...common}
            type={INPUT_TYPE[q.type]?.type ?? 'text'}
            inputMode={INPUT_TYPE[q.type]?.inputMode}
            autoComplete={q.type === 'email' ? 'email' : q.type === 'phone' ? 'tel' : 'off'}
            value={text}
            onChange={(e) => set(q.key, e.currentTarget.value)}
          />
        )}
      </Described>
    </div>
  );
}

function OtherInput({ q, answers, errors, set }: Props) {
  const t = usePageText();
  const key = otherKey(q.key);
  const error = errors[key];
  return (
    <div style={{ marginTop: 8 }}>
      <label className={classes.label} htmlFor={inputId(key)}>
        {say(t, 'otherSpecify')}
      </label>
      <input
        id={inputId(key)}
        className={`${classes.input} ${error ? classes.invalid : ''}`}
        value={typeof answers[key] === 'string' ? (answers[key] as string) : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errId(key) : undefined}
        onChange={(e) => set(key, e.currentTarget.value)}
      />
      {error && (
        <p className={classes.error} id={errId(key)}>
          {error}
        </p>
      )}
    </div>
  );
}

/** What a read-only question shows: its value, as a choice's label where it is a choice. */
function readOnlyText(q: QuestionDef, t: PageText, v: string): string {
  return choiceList(q, t).find((c) => c.value === v)?.label ?? v;
}

/** A read-only question: its label and its default in an input the respondent cannot change. */
function ReadOnlyQuestion({ q, text }: { q: QuestionDef; text: string }) {
  return (
    <div className={classes.question}>
      <label className={classes.label} htmlFor={inputId(q.key)}>
        {q.label}
      </label>
      <Described q={q}>
        <input
          id={inputId(q.key)}
          className={classes.input}
          readOnly
          value={text}
          aria-describedby={describedBy(q)}
        />
      </Described>
    </div>
  );
}
