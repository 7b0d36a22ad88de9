import { useRef, useState } from 'react';
import type { QuestionDef } from '@shared/forms/questions';
import { isFileDraft, type DraftValue } from './storage';
import classes from './public-form.module.css';
import { say } from '@shared/forms/page-text/format';
import { usePageText } from './page-text';

interface Props {
  q: QuestionDef;
  value: DraftValue | undefined;
  error?: string;
  set: (key: string, value: DraftValue) => void;
  /** the first input's id (the error summary links to it) and the ids describing the question */
  firstId: string;
  describedBy?: string;
  header: React.ReactNode;
  footer: React.ReactNode;
}

const asRecord = (v: DraftValue | undefined): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v) && !isFileDraft(v) ? v : {};

/** A matrix: one radio group (fieldset/legend) per row on the shared scale; rows stack on a phone. */
export function MatrixQuestion({
  q,
  value,
  error,
  set,
  firstId,
  describedBy,
  header,
  footer,
}: Props) {
  const answer = asRecord(value);
  return (
    <fieldset
      className={classes.question}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      {header}
      {(q.rows ?? []).map((r, i) => (
        <fieldset key={r.value} className={classes.matrixRow}>
          <legend className={classes.rowLabel}>{r.label}</legend>
          <div className={classes.scale}>
            {q.choices.map((c, j) => (
              <label key={c.value} className={classes.option}>
                <input
                  id={i === 0 && j === 0 ? firstId : undefined}
                  type="radio"
                  name={`${q.key}.${r.value}`}
                  value={c.value}
                  checked={answer[r.value] === c.value}
                  onChange={() => set(q.key, { ...answer, [r.value]: c.value })}
                />
                <span>{c.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {footer}
    </fieldset>
  );
}

/** The order with the item at `from` moved to `to` (the others keep their order). */
export function moveItem<T>(order: readonly T[], from: number, to: number): T[] {
  const next = [...order];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** The index a pointer at `y` is over, from the items' vertical middles (top to bottom). */
export function indexAt(middles: readonly number[], y: number): number {
  const i = middles.findIndex((m) => y < m);
  return i === -1 ? Math.max(0, middles.length - 1) : i;
}

/**
 * A ranking: the choices in a list, each with Move up / Move down buttons (keyboard and screen
 * reader friendly) and a handle to drag it with a finger or a mouse (pointer events, no library).
 * Every move is announced in a polite live region. The answer is set at the first move or with
 * "Keep this order".
 */
export function RankingQuestion({
  q,
  value,
  error,
  set,
  firstId,
  describedBy,
  header,
  footer,
}: Props) {
  const labels = new Map(q.choices.map((c) => [c.value, c.label]));
  const order =
    Array.isArray(value) && value.length && value.every((v) => typeof v === 'string')
      ? (value as string[])
      : q.choices.map((c) => c.value);
  const t = usePageText();
  const [moved, setMoved] = useState('');
  const [drag, setDrag] = useState<{ from: number; over: number } | null>(null);
  const items = useRef<Array<HTMLLIElement | null>>([]);
  const moveTo = (from: number, to: number) => {
    if (from === to) return;
    const next = moveItem(order, from, to);
    set(q.key, next);
    setMoved(
      say(t, 'rankMoved', {
        item: labels.get(next[to]) ?? next[to],
        n: to + 1,
        total: next.length,
      }),
    );
  };
  const overIndex = (y: number) =>
    indexAt(
      items.current.slice(0, order.length).map((el) => {
        const r = el?.getBoundingClientRect();
        return r ? r.top + r.height / 2 : 0;
      }),
      y,
    );
  return (
    <fieldset
      className={classes.question}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      {header}
      <ol className={classes.ranking}>
        {order.map((v, i) => (
          <li
            key={v}
            ref={(el) => {
              items.current[i] = el;
            }}
            className={`${classes.rankItem} ${drag?.from === i ? classes.rankDragged : ''} ${drag && drag.over === i && drag.from !== i ? classes.rankOver : ''}`}
          >
            {/* the drag handle: pointer only (keyboard and screen readers use the buttons) */}
            <span
              className={classes.rankHandle}
              aria-hidden="true"
              title={say(t, 'rankDrag')}
              onPointerDown={(e) => {
                e.currentTarget.setPointerCapture(e.pointerId);
                setDrag({ from: i, over: i });
              }}
              onPointerMove={(e) => {
                if (drag) setDrag({ from: drag.from, over: overIndex(e.clientY) });
              }}
              onPointerUp={(e) => {
                if (drag) moveTo(drag.from, overIndex(e.clientY));
                setDrag(null);
              }}
              onPointerCancel={() => setDrag(null)}
            >
              ⠿
            </span>
            <span className={classes.rankLabel}>{labels.get(v) ?? v}</span>
            <button
              type="button"
              id={i === 0 ? firstId : undefined}
              className={classes.secondary}
              disabled={i === 0}
              aria-label={say(t, 'rankUp', { item: labels.get(v) ?? v })}
              onClick={() => moveTo(i, i - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              className={classes.secondary}
              disabled={i === order.length - 1}
              aria-label={say(t, 'rankDown', { item: labels.get(v) ?? v })}
              onClick={() => moveTo(i, i + 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      {!Array.isArray(value) || !value.length ? (
        <button type="button" className={classes.secondary} onClick={() => set(q.key, order)}>
          {say(t, 'rankKeep')}
        </button>
      ) : null}
      <p className={classes.hint} aria-live="polite">
        {moved}
      </p>
      {footer}
    </fieldset>
  );
}

const FIELDS = [
  ['lat', 'latitude', '-1.2921'],
  ['lon', 'longitude', '36.8219'],
  ['accuracy', 'accuracy', ''],
] as const;

/** A geopoint: "Use my location" (the browser's geolocation) or the coordinates typed in. */
export function GeopointQuestion({
  q,
  value,
  error,
  set,
  firstId,
  describedBy,
  header,
  footer,
}: Props) {
  const t = usePageText();
  const answer = asRecord(value);
  const [message, setMessage] = useState('');
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setMessage(say(t, 'geoNoBrowser'));
      return;
    }
    setMessage(say(t, 'geoFinding'));
    navigator.geolocation.getCurrentPosition(
      (p) => {
        set(q.key, {
          lat: String(Math.round(p.coords.latitude * 1e6) / 1e6),
          lon: String(Math.round(p.coords.longitude * 1e6) / 1e6),
          accuracy: String(Math.round(p.coords.accuracy)),
        });
        setMessage(say(t, 'geoFound'));
      },
      (e) => setMessage(say(t, e.code === e.PERMISSION_DENIED ? 'geoDenied' : 'geoUnavailable')),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  return (
    <fieldset
      className={classes.question}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      {header}
      <button type="button" className={classes.secondary} onClick={locate}>
        {say(t, 'geoUse')}
      </button>
      <p className={classes.hint} role="status">
        {message}
      </p>
      {FIELDS.map(([f, label, example], i) => (
        <div key={f} style={{ marginTop: 8 }}>
          <label className={classes.label} htmlFor={i === 0 ? firstId : `${firstId}-${f}`}>
            {say(t, label)}
          </label>
          <input
            id={i === 0 ? firstId : `${firstId}-${f}`}
            className={`${classes.input} ${error ? classes.invalid : ''}`}
            type="text"
            inputMode="decimal"
            placeholder={example ? say(t, 'example', { example }) : undefined}
            value={answer[f] ?? ''}
            aria-invalid={error ? true : undefined}
            onChange={(e) => set(q.key, { ...answer, [f]: e.currentTarget.value })}
          />
        </div>
      ))}
      {footer}
    </fieldset>
  );
}
