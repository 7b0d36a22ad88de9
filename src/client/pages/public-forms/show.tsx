import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Head } from '@inertiajs/react';
import { route } from '@shared/route';
import { validateAnswers } from '@shared/forms/answers';
import { visibleKeys } from '@shared/forms/logic';
import { otherKey } from '@shared/forms/questions';
import { pruneHidden } from '@shared/expressions';
import type { PagePropsOf } from '@shared/pages';
import { http } from '../../lib/http';
import { PublicQuestion, inputId, type RawAnswers } from '../../features/forms/public-question';
import classes from '../../features/forms/public-form.module.css';

const newId = () => crypto.randomUUID();

/** Only what the respondent filled in (empty fields are not answers). */
function filled(answers: RawAnswers): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(answers).filter(
      ([, v]) => v !== '' && v !== false && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

/** What is sent: the filled answers without those to questions skip logic hides (nor their "other"). */
function toSend(questions: PagePropsOf<'public-forms/show'>['questions'], answers: RawAnswers) {
  const shown = visibleKeys(questions, answers);
  const kept = pruneHidden(
    questions,
    filled(answers) as Record<string, string | string[] | boolean>,
  );
  for (const q of questions) if (!shown.has(q.key)) delete kept[otherKey(q.key)];
  return kept as Record<string, unknown>;
}

/** public-forms/show: the public form (its own bare layout, native inputs, WCAG 2.2 AA). */
export default function PublicForm({
  token,
  form,
  version,
  wave,
  questions,
  closed,
}: PagePropsOf<'public-forms/show'>) {
  const [answers, setAnswers] = useState<RawAnswers>(() =>
    Object.fromEntries(
      questions.filter((q) => q.defaultValue).map((q) => [q.key, q.defaultValue!]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // the response's id is made on this device once: a retry of the same response carries the same id
  const responseId = useRef<string>('');
  const summary = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.documentElement.lang = form.language;
    document.documentElement.dir = form.dir;
    return () => {
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
    };
  }, [form.language, form.dir]);

  const set = (key: string, value: string | string[] | boolean) =>
    setAnswers((a) => ({ ...a, [key]: value }));

  const showErrors = (e: Record<string, string>) => {
    setErrors(e);
    // the summary takes focus after it renders
    requestAnimationFrame(() => summary.current?.focus());
  };

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    setProblem(null);
    const raw = toSend(questions, answers);
    const checked = validateAnswers(questions, raw);
    if (Object.keys(checked.errors).length) return showErrors(checked.errors);
    setErrors({});
    responseId.current ||= newId();
    setSending(true);
    try {
      const res = await http(route('public-forms.submit', { formToken: token }), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          id: responseId.current,
          version,
          answers: raw,
          ...(wave ? { wave } : {}),
        }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        thankYou?: string | null;
        detail?: string;
        errors?: Record<string, string>;
      };
      if (res.ok) {
        setDone(body.thankYou || 'Thank you: your answers were received.');
        responseId.current = '';
        requestAnimationFrame(() => status.current?.focus());
      } else if (res.status === 422 && body.errors) showErrors(body.errors);
      else
        setProblem(body.detail ?? `The form could not be sent (error ${res.status}). Try again.`);
    } catch {
      setProblem(
        'No connection: your answers are still here. Try sending again when you are online.',
      );
    } finally {
      setSending(false);
    }
  }

  // skip logic: shown and hidden live as the answers change
  const shown = visibleKeys(questions, answers);
  const errorList = Object.entries(errors).filter(
    ([key]) => shown.has(key) || shown.has(key.replace(/__other$/, '')),
  );
  const labelOf = (key: string) =>
    questions.find((q) => q.key === key || `${q.key}__other` === key)?.label ?? key;

  return (
    <div className={classes.page} lang={form.language} dir={form.dir}>
      <Head title={form.name} />
      <main className={classes.card}>
        <h1 className={classes.title}>{form.name}</h1>
        {wave && <p className={classes.hint}>Round: {wave}</p>}
        {closed ? (
          <p role="status">{closed}</p>
        ) : done ? (
          <div role="status" tabIndex={-1} ref={status}>
            <p style={{ fontSize: '1.1rem' }}>{done}</p>
            <button
              type="button"
              className={classes.button}
              onClick={() => {
                setDone(null);
                setAnswers({});
              }}
            >
              Send another response
            </button>
          </div>
        ) : (
          <form noValidate onSubmit={submit}>
            <p className={classes.hint}>Questions marked * need an answer.</p>
            {errorList.length > 0 && (
              <div
                className={classes.summary}
                tabIndex={-1}
                ref={summary}
                role="alert"
                aria-labelledby="error-summary-title"
              >
                <h2 id="error-summary-title">
                  {errorList.length === 1
                    ? 'One answer needs attention'
                    : `${errorList.length} answers need attention`}
                </h2>
                <ul>
                  {errorList.map(([key, message]) => (
                    <li key={key}>
                      <a href={`#${inputId(key)}`}>
                        {labelOf(key)} — {message}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {questions
              .filter((q) => shown.has(q.key))
              .map((q) => (
                <PublicQuestion key={q.key} q={q} answers={answers} errors={errors} set={set} />
              ))}
            {problem && (
              <p className={classes.error} role="alert">
                {problem}
              </p>
            )}
            <button type="submit" className={classes.button} disabled={sending}>
              {sending ? 'Sending…' : 'Send'}
            </button>
          </form>
        )}
      </main>
    </div>
  );
}
