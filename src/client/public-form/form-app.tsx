import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { itemWords, validateAnswers } from '@shared/forms/answers';
import { visibleKeys } from '@shared/forms/logic';
import type { PublicFormProps } from '@shared/forms/forms.pages';
import type { QuestionDef } from '@shared/forms/questions';
import { PublicQuestion, inputId } from './question';
import { RepeatQuestion } from './repeat-question';
import type { Answer } from '@shared/expressions';
import { OutboxPanel } from './outbox-panel';
import { useOutbox } from './use-outbox';
import {
  defaults,
  draftFor,
  knownAfterSending,
  logicView,
  newResponseId,
  prefilled,
  prefilledRepeats,
  toSend,
} from './answers';
import type { OutboxFile, SendOutcome } from './outbox';
import { isFileDraft, type DraftAnswers, type DraftValue } from './storage';
import { firstPageWithError, pageErrors, settlePage, splitPages, visiblePages } from './pages';
import classes from './public-form.module.css';
import { localiseQuestions, languageName } from '@shared/forms/translations';
import { applyLanguage, formLanguages } from './language';
import { say, sayClosed, sayCount, type PageText } from '@shared/forms/page-text/format';
import { PageTextContext, loadPageText } from './page-text';
import { FillTextContext } from './fill-text';
import { fillText, questionsByKey } from '@shared/forms/label-text';

type Done =
  | { kind: 'sent'; id: string; text: string }
  | { kind: 'queued'; id: string }
  | { kind: 'conflict'; id: string; message: string };

/** The files of the answers being sent (their Blobs go into the outbox item with the response). */
function chosenFiles(sent: Record<string, unknown>, answers: DraftAnswers) {
  const files: Record<string, OutboxFile> = {};
  for (const [key, v] of Object.entries(answers))
    if (isFileDraft(v) && sent[key] !== undefined)
      files[key] = { blob: v.blob, name: v.name, size: v.size, type: v.type };
  return files;
}

/** Ask the browser to keep this site's storage under pressure (drafts and the outbox live there). */
/** One step of an answer's path inside repeats: `members[2].` and the rest (`visits[1].clinic`). */
const PATH_STEP = /^([a-z0-9_]+)\[(\d+)\]\.(.+)$/;

const askPersist = () => void navigator.storage?.persist?.().catch(() => false);

/** The public form: native inputs, WCAG 2.2 AA, a draft saved on every change, an outbox for offline. */
export function FormApp({
  data,
  initialLanguage,
  initialText,
}: {
  data: PublicFormProps;
  initialLanguage: string;
  /** the page's own words in that language (loaded before the first render) */
  initialText: PageText;
}) {
  const { form, version, wave, closed, submitUrl } = data;
  const [lang, setLang] = useState(initialLanguage);
  const [text, setText] = useState(initialText);
  // the texts in the chosen language; a missing translation shows the default text
  const questions = useMemo(() => localiseQuestions(data.questions, lang), [data.questions, lang]);
  const languages = formLanguages(data);
  const thankYou = form.thankYouTranslations?.[lang] || form.thankYou;
  const chooseLanguage = async (code: string) => {
    const words = await loadPageText(code);
    setText(words);
    setLang(code);
    applyLanguage(code);
    const url = new URL(location.href);
    url.searchParams.set('lang', code);
    history.replaceState(history.state, '', url);
  };
  const draftKey = `${data.token}|${wave ?? ''}`;
  // the first answers: defaults, a repeat's known instances and hidden values from the link or
  // the stakeholder's record
  // what the server knew (personal links), then what this page sent since: a next response starts there
  const known = useRef(data.prefill);
  const initial = () => ({
    ...defaults(questions),
    ...prefilledRepeats(questions, known.current),
    ...prefilled(questions, window.location.search, known.current),
  });
  const [answers, setAnswers] = useState<DraftAnswers>(initial);
  const [loaded, setLoaded] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const [status, setStatus] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const pageTop = useRef<HTMLDivElement>(null);
  const pages = useMemo(() => splitPages(questions), [questions]);
  const byKey = useMemo(() => questionsByKey(questions), [questions]);
  const changed = useRef(false);
  // when this response was started: the draft's time after a reload, else the page's opening
  const startedAt = useRef(Date.now());
  const summary = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  // a response the outbox delivers later: "Sent", and the thank-you if it is the one on screen
  const onSent = (id: string, outcome: SendOutcome) => {
    if (outcome.kind !== 'sent') return;
    setStatus(say(text, 'statusSent'));
    setDone((d) =>
      d && d.id === id && d.kind === 'queued'
        ? { kind: 'sent', id, text: thankYou || outcome.thankYou || say(text, 'thanks') }
        : d,
    );
  };
  const device = useOutbox(onSent, text);
  const store = device.store;

  // the draft saved on this device (a reload, a closed tab) comes back before the first change
  useEffect(() => {
    if (!store || loaded) return;
    void store.loadDraft(draftKey).then((draft) => {
      if (draft && !changed.current) {
        setAnswers({
          ...prefilledRepeats(questions, data.prefill),
          ...draftFor(questions, draft.answers),
          ...prefilled(questions, window.location.search, data.prefill),
        });
        setPageIndex(draft.page ?? 0);
        if (draft.startedAt) startedAt.current = draft.startedAt;
        setStatus(say(text, 'statusRestored'));
      }
      setLoaded(true);
    });
  }, [store, loaded, draftKey, questions, data.prefill, text]);

  // every change is saved on the device
  useEffect(() => {
    if (!store || !loaded || !changed.current) return;
    void store
      .saveDraft(draftKey, {
        answers,
        version,
        page: pageIndex,
        startedAt: startedAt.current,
        savedAt: Date.now(),
      })
      .then(() => {
        setStatus(store.durable ? say(text, 'statusSaved') : '');
      });
  }, [answers, store, loaded, draftKey, version, pageIndex, text]);

  const set = (key: string, value: DraftValue) => {
    changed.current = true;
    setAnswers((a) => ({ ...a, [key]: value }));
  };

  const showErrors = (e: Record<string, string>) => {
    // on a form of several pages: the first page with an error, and its errors
    const at = firstPageWithError(pages, e);
    if (at !== null && pages.length > 1) {
      setPageIndex(at);
      e = pageErrors(pages, at, e);
    }
    setErrors(e);
    // the summary takes focus after it renders
    requestAnimationFrame(() => summary.current?.focus());
  };

  /** Next: this page's answers must pass first (the same check as Send, on this page only). */
  const goTo = (index: number, check: boolean) => {
    if (check) {
      const e = pageErrors(
        pages,
        current,
        validateAnswers(questions, toSend(questions, answers), { text }).errors,
      );
      if (Object.keys(e).length) return showErrors(e);
    }
    setErrors({});
    changed.current = true;
    setPageIndex(index);
    // the new page's title (or progress line) takes focus: a screen reader hears where it is
    requestAnimationFrame(() => {
      pageTop.current?.focus();
      window.scrollTo(0, 0);
    });
  };

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (!store || version === null) return;
    setProblem(null);
    const raw = toSend(questions, answers);
    const checked = validateAnswers(questions, raw, { text });
    if (Object.keys(checked.errors).length) return showErrors(checked.errors);
    setErrors({});
    setSending(true);
    // the id is made once, before the first send: every retry of this response carries it
    const item = device.outbox!.item(
      {
        id: newResponseId(),
        version,
        answers: raw,
        ...(wave ? { wave } : {}),
        lang,
        durationMs: Math.min(Math.max(0, Date.now() - startedAt.current), 30 * 86_400_000),
      },
      submitUrl,
      form.name,
      { files: chosenFiles(raw, answers), filesUrl: data.filesUrl },
    );
    await store.finish(draftKey, item);
    askPersist();
    const outcome = await device.sendFirst(item);
    setSending(false);
    if (outcome.kind === 'refused' && outcome.errors) {
      // the server's own check found something: back to the form, the answers kept
      await device.outbox!.remove(item.id);
      await store.saveDraft(draftKey, {
        answers,
        version,
        startedAt: startedAt.current,
        savedAt: Date.now(),
      });
      await device.refresh();
      return showErrors(outcome.errors);
    }
    if (outcome.kind === 'refused') {
      await store.saveDraft(draftKey, {
        answers,
        version,
        startedAt: startedAt.current,
        savedAt: Date.now(),
      });
      setProblem(outcome.message);
      return;
    }
    changed.current = false;
    startedAt.current = Date.now();
    // a conflict stored nothing; a response sent or queued is the stakeholder's latest
    if (outcome.kind !== 'conflict')
      known.current = knownAfterSending(questions, known.current, raw);
    setAnswers(initial());
    setPageIndex(0);
    if (outcome.kind === 'sent') {
      setDone({
        kind: 'sent',
        id: item.id,
        text: thankYou || outcome.thankYou || say(text, 'thanks'),
      });
      setStatus(say(text, 'statusSent'));
    } else if (outcome.kind === 'retry') {
      setDone({ kind: 'queued', id: item.id });
      setStatus(say(text, 'statusQueued'));
    } else setDone({ kind: 'conflict', id: item.id, message: outcome.message });
    requestAnimationFrame(() => doneRef.current?.focus());
  }

  // skip logic: shown and hidden live as the answers change
  const view = logicView(answers) as Record<string, Answer>;
  const fill = (s: string, scope: Readonly<Record<string, Answer>>) =>
    fillText(s, scope, byKey, { yes: say(text, 'yes'), no: say(text, 'no') });
  const shown = visibleKeys(questions, view);
  const visible = visiblePages(pages, shown);
  const current = settlePage(visible, pageIndex);
  const position = visible.indexOf(current);
  const last = position === visible.length - 1;
  const page = pages[current];
  // an error inside a repeat (`members[2].age`) shows while its repeat does
  const errorList = Object.entries(errors).filter(
    ([key]) => shown.has(key.replace(/\[.*$/, '')) || shown.has(key.replace(/__other$/, '')),
  );
  // a path inside repeats (`members[2].visits[1].clinic`) is named from the innermost out:
  // "Clinic (visit 1) (member 2)", each label filled from its own instance
  const labelOf = (key: string): string => {
    let list: readonly QuestionDef[] = questions;
    let scope: Record<string, Answer> = view;
    let holder: DraftAnswers | undefined = answers;
    const around: Array<{ noun: string; n: string }> = [];
    let rest = key;
    let step: RegExpExecArray | null;
    while ((step = PATH_STEP.exec(rest))) {
      const [, repeat, n, inner] = step;
      const r = list.find((q) => q.key === repeat);
      const instance: DraftAnswers | undefined = (holder?.[repeat] as DraftAnswers[] | undefined)?.[
        +n - 1
      ];
      around.unshift({ noun: itemWords(r ?? { label: '' }, text).noun, n });
      list = r?.questions ?? [];
      scope = { ...scope, ...(instance as Record<string, Answer> | undefined) };
      holder = instance;
      rest = inner;
    }
    const q = list.find((x) => x.key === rest || `${x.key}__other` === rest);
    let label = q ? fill(q.label, scope) : rest;
    for (const { noun, n } of around) label = say(text, 'inItem', { label, noun, n });
    return label;
  };

  return (
    <PageTextContext.Provider value={text}>
      <FillTextContext.Provider value={fill}>
        <div className={classes.page}>
          <main className={classes.card}>
            {languages.length > 1 && (
              <nav className={classes.languages} aria-label={say(text, 'languageNav')}>
                {languages.map((code) => (
                  <button
                    key={code}
                    type="button"
                    lang={code}
                    dir="auto"
                    className={classes.language}
                    aria-pressed={code === lang}
                    onClick={() => void chooseLanguage(code)}
                  >
                    {languageName(code)}
                  </button>
                ))}
              </nav>
            )}
            <h1 className={classes.title}>{form.name}</h1>
            {data.test && <p className={classes.testBanner}>{say(text, 'testBanner')}</p>}
            {wave && <p className={classes.hint}>{say(text, 'round', { wave })}</p>}
            <p className={classes.status} role="status" aria-live="polite">
              {status}
            </p>
            <OutboxPanel
              items={device.unsent}
              onSendNow={() => void device.sendNow()}
              onRemove={(id) => void device.outbox?.remove(id).then(device.refresh)}
            />
            {closed ? (
              <p>{sayClosed(text, closed)}</p>
            ) : !loaded ? (
              <p>{say(text, 'loading')}</p>
            ) : done ? (
              <div tabIndex={-1} ref={doneRef} className={classes.done}>
                {done.kind === 'sent' && <p className={classes.lead}>{done.text}</p>}
                {done.kind === 'queued' && <p className={classes.lead}>{say(text, 'queued')}</p>}
                {done.kind === 'conflict' && <p className={classes.error}>{done.message}</p>}
                <button type="button" className={classes.button} onClick={() => setDone(null)}>
                  {say(text, 'sendAnother')}
                </button>
              </div>
            ) : (
              <form noValidate onSubmit={submit}>
                <p className={classes.hint}>{say(text, 'requiredNote')}</p>
                {errorList.length > 0 && (
                  <div
                    className={classes.summary}
                    tabIndex={-1}
                    ref={summary}
                    role="alert"
                    aria-labelledby="error-summary-title"
                  >
                    <h2 id="error-summary-title">
                      {sayCount(text, 'errorSummary', errorList.length)}
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
                {visible.length > 1 && (
                  <div tabIndex={-1} ref={pageTop} className={classes.progress}>
                    <p id="form-progress" className={classes.hint}>
                      {say(text, 'progress', { n: position + 1, total: visible.length })}
                    </p>
                    <progress
                      aria-labelledby="form-progress"
                      max={visible.length}
                      value={position + 1}
                    />
                    {page?.title && <h2 className={classes.pageTitle}>{fill(page.title, view)}</h2>}
                  </div>
                )}
                {(page?.questions ?? questions)
                  .filter((q) => shown.has(q.key))
                  .map((q) =>
                    q.type === 'repeat' ? (
                      <RepeatQuestion
                        key={q.key}
                        q={q}
                        answers={answers}
                        outer={view}
                        errors={errors}
                        set={set}
                      />
                    ) : (
                      <PublicQuestion
                        key={q.key}
                        q={q}
                        answers={answers}
                        errors={errors}
                        set={set}
                        scope={view}
                      />
                    ),
                  )}
                {problem && (
                  <p className={classes.error} role="alert">
                    {problem}
                  </p>
                )}
                <div className={classes.actions}>
                  {/* keys: Next must never become the Send button in place (its click would then submit) */}
                  {position > 0 && (
                    <button
                      key="back"
                      type="button"
                      className={classes.secondary}
                      onClick={() => goTo(visible[position - 1], false)}
                    >
                      {say(text, 'back')}
                    </button>
                  )}
                  {last || visible.length <= 1 ? (
                    <button key="send" type="submit" className={classes.button} disabled={sending}>
                      {say(text, sending ? 'sending' : 'send')}
                    </button>
                  ) : (
                    <button
                      key="next"
                      type="button"
                      className={classes.button}
                      onClick={() => goTo(visible[position + 1], true)}
                    >
                      {say(text, 'next')}
                    </button>
                  )}
                </div>
              </form>
            )}
          </main>
        </div>
      </FillTextContext.Provider>
    </PageTextContext.Provider>
  );
}
