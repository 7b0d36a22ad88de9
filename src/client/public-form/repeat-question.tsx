import { itemWords, repeatBounds, fixedRepeatCount } from '@shared/forms/answers';
import { visibleKeys } from '@shared/forms/logic';
import { repeatPath, type QuestionDef } from '@shared/forms/questions';
import { parse, type Answer } from '@shared/expressions';
import { PublicQuestion, inputId } from './question';
import { useFillText } from './fill-text';
import type { DraftAnswers, DraftInstance, DraftValue } from './storage';
import classes from './public-form.module.css';
import { say } from '@shared/forms/page-text/format';
import { usePageText } from './page-text';

interface Props {
  q: QuestionDef;
  answers: DraftAnswers;
  /** what the repeat's expressions read outside it (the answers before it) */
  outer: Readonly<Record<string, Answer>>;
  errors: Record<string, string>;
  set: (key: string, value: DraftValue) => void;
}

const countAst = (text: string | null | undefined) => {
  const r = text?.trim() ? parse(text) : null;
  return r?.ok ? r.ast : null;
};

/**
 * A repeat group: one fieldset per instance (legend "Member 2"), its questions keyed by path
 * (`members[2].age`: the ids the error summary links to), "Add member" and "Remove member 2"
 * buttons within min..max, or exactly the number its repeat count gives. A repeat inside it is
 * the same component again, keyed by its path (`members[2].visits`, `members[2].visits[1].clinic`).
 */
export function RepeatQuestion({ q, answers, outer, errors, set }: Props) {
  const raw = answers[q.key];
  const list: DraftInstance[] = Array.isArray(raw) ? (raw as DraftInstance[]) : [];
  const t = usePageText();
  const fill = useFillText();
  const { noun } = itemWords(q, t);
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const { min, max } = repeatBounds(q);
  const fixed = fixedRepeatCount(q, countAst(q.repeatCount), outer);
  // a repeat count decides the number of instances: they follow it
  const shown =
    fixed === null
      ? list
      : Array.from({ length: fixed }, (_, i) => list[i] ?? ({} as DraftInstance));
  const update = (next: DraftInstance[]) => set(q.key, next);
  const error = errors[q.key];
  return (
    <fieldset
      className={classes.question}
      aria-describedby={error ? `${inputId(q.key)}-error` : undefined}
    >
      <legend className={classes.label} id={inputId(q.key)} tabIndex={-1}>
        {fill(q.label, outer)}
        {min > 0 && fixed === null && (
          <span className={classes.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {q.hint && <p className={classes.hint}>{q.hint}</p>}
      {shown.length === 0 && <p className={classes.hint}>{say(t, 'noItems', { noun })}</p>}
      {shown.map((inst, i) => {
        const visible = visibleKeys(q.questions ?? [], inst as Record<string, Answer>, undefined, {
          outer,
          position: i + 1,
        });
        // the instance's answers under their paths, so each input's id and error are its own
        const flat: DraftAnswers = {};
        for (const c of q.questions ?? [])
          if (inst[c.key] !== undefined) flat[repeatPath(q.key, i, c.key)] = inst[c.key];
        const setIn = (path: string, v: DraftValue) => {
          const key = path.slice(path.lastIndexOf('.') + 1);
          const next = shown.map((x, j) =>
            j === i ? { ...x, [key]: v as DraftInstance[string] } : x,
          );
          update(next);
        };
        return (
          <fieldset key={i} className={classes.instance}>
            <legend className={classes.label}>{say(t, 'item', { noun: Noun, n: i + 1 })}</legend>
            {(q.questions ?? [])
              .filter((c) => visible.has(c.key))
              .map((c) =>
                c.type === 'repeat' ? (
                  // a repeat inside this one (visits of each member): its instances live in this
                  // instance's answer, its expressions read this instance, then what is outside
                  <RepeatQuestion
                    key={c.key}
                    q={{ ...c, key: repeatPath(q.key, i, c.key) }}
                    answers={flat}
                    outer={{ ...outer, ...(inst as Record<string, Answer>) }}
                    errors={errors}
                    set={setIn}
                  />
                ) : (
                  <PublicQuestion
                    key={c.key}
                    q={{ ...c, key: repeatPath(q.key, i, c.key) }}
                    answers={flat}
                    errors={errors}
                    set={setIn}
                    scope={{ ...outer, ...(inst as Record<string, Answer>) }}
                    position={i + 1}
                  />
                ),
              )}
            {fixed === null && shown.length > min && (
              <button
                type="button"
                className={classes.secondary}
                onClick={() => update(shown.filter((_, j) => j !== i))}
              >
                {say(t, 'removeItem', { noun, n: i + 1 })}
              </button>
            )}
          </fieldset>
        );
      })}
      {fixed === null && shown.length < max && (
        <button type="button" className={classes.secondary} onClick={() => update([...shown, {}])}>
          {say(t, 'addItem', { noun })}
        </button>
      )}
      {error && (
        <p className={classes.error} id={`${inputId(q.key)}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
