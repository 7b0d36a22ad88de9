import { exportText, type OutboxItem } from './outbox';
import classes from './public-form.module.css';

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
  if (items.length === 0) return null;
  const waiting = items.filter((i) => i.state === 'waiting').length;
  const stuck = items.filter((i) => i.state !== 'waiting');
  return (
    <section className={classes.outbox} aria-labelledby="outbox-title">
      <h2 id="outbox-title" className={classes.outboxTitle}>
        Not sent yet
      </h2>
      {waiting > 0 && (
        <p className={classes.hint}>
          {waiting === 1
            ? 'One response is saved on this device and will be sent when online.'
            : `${waiting} responses are saved on this device and will be sent when online.`}
        </p>
      )}
      {stuck.length > 0 && (
        <ul className={classes.stuck}>
          {stuck.map((i) => (
            <li key={i.id}>
              <p className={classes.error}>
                {i.formName}, finished {new Date(i.createdAt).toLocaleString()}: {i.message}
              </p>
              <button type="button" className={classes.secondary} onClick={() => onRemove(i.id)}>
                Remove from this device
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={classes.actions}>
        {waiting > 0 && (
          <button type="button" className={classes.secondary} onClick={onSendNow}>
            Send now
          </button>
        )}
        <button type="button" className={classes.secondary} onClick={() => download(items)}>
          Export unsent responses
        </button>
      </div>
    </section>
  );
}
