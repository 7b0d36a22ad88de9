import { exportText, type OutboxItem } from './outbox';
import classes from './public-form.module.css';
import { say, sayCount } from '@shared/forms/page-text/format';
import { usePageText } from './page-text';

/** Save the unsent responses as a JSON file (they stay on the device too). */
function download(items: OutboxItem[]) {
  const blob = new Blob([exportText(items, new Date())], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `unsent-responses-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The responses still on this device: how many wait, which were refused and why, send and export. */
export function OutboxPanel({
  items,
  onSendNow,
  onRemove,
}: {
  items: OutboxItem[];
  onSendNow: () => void;
  onRemove: (id: string) => void;
}) {
  const t = usePageText();
  if (items.length === 0) return null;
  const waiting = items.filter((i) => i.state === 'waiting').length;
  const stuck = items.filter((i) => i.state !== 'waiting');
  return (
    <section className={classes.outbox} aria-labelledby="outbox-title">
      <h2 id="outbox-title" className={classes.outboxTitle}>
        {say(t, 'outboxTitle')}
      </h2>
      {waiting > 0 && <p className={classes.hint}>{sayCount(t, 'outboxWaiting', waiting)}</p>}
      {stuck.length > 0 && (
        <ul className={classes.stuck}>
          {stuck.map((i) => (
            <li key={i.id}>
              <p className={classes.error}>
                {say(t, 'outboxStuck', {
                  form: i.formName,
                  when: new Date(i.createdAt).toLocaleString(t.lang),
                  message: i.message ?? '',
                })}
              </p>
              <button type="button" className={classes.secondary} onClick={() => onRemove(i.id)}>
                {say(t, 'removeFromDevice')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={classes.actions}>
        {waiting > 0 && (
          <button type="button" className={classes.secondary} onClick={onSendNow}>
            {say(t, 'sendNow')}
          </button>
        )}
        <button type="button" className={classes.secondary} onClick={() => download(items)}>
          {say(t, 'exportUnsent')}
        </button>
      </div>
    </section>
  );
}
