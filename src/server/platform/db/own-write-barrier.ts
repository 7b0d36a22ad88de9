/**
 * What the in-process caches (sessions, API list pages) share about their own writes: a cache kept
 * exact by database notifications must not answer from before a write this process has just made.
 * PGlite delivers the notification before the writing statement returns, so there is nothing to
 * wait for; on PostgreSQL the listener sets `barrier`, and the first read after a write waits until
 * every change committed so far has been applied. Reads arriving meanwhile wait for the same run.
 */
export class OwnWriteBarrier {
  /** PostgreSQL: wait until every change committed so far has been applied (set by the listener) */
  barrier: (() => Promise<void>) | null = null;
  private dirty = false;
  private syncing: Promise<void> | null = null;

  /** This process wrote to a watched table (or committed a transaction): the next read waits for the barrier. */
  markDirty() {
    this.dirty = true;
  }

  /** Resolves once notifications for this process's own writes have been applied (PostgreSQL); nothing to wait for on PGlite. */
  ready(): Promise<void> | undefined {
    if (this.dirty && this.barrier) {
      this.dirty = false;
      const run: Promise<void> = this.barrier().finally(() => {
        if (this.syncing === run) this.syncing = null;
      });
      this.syncing = run;
    }
    return this.syncing ?? undefined;
  }
}
