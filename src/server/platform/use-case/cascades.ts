import type { Db } from '../db/client.js';

/**
 * What else goes when a record goes. The owning module announces a removal with
 * `uc.removing(subjectType, ids)` inside its transaction, BEFORE it deletes the rows (foreign-key
 * cascades would take the children first). Modules subscribe to the removals they care about:
 * a parent's children announce their own removal in turn (`removal.cascade`), and modules that
 * hang things on other modules' records (comments today; form links and bindings later) clean
 * up, so the owner never needs to know them.
 */
interface Removal {
  tx: Db;
  teamId: string;
  subjectType: string;
  ids: string[];
  /** announce the removal of records that go with these (children), recursively */
  cascade(subjectType: string, ids: string[]): Promise<void>;
}
export type CascadeHandler = (removal: Removal) => Promise<void>;

export class Cascades {
  private handlers = new Map<string, CascadeHandler[]>();
  private any: CascadeHandler[] = [];

  /** Run `handler` when records of `subjectType` are removed ('*': of any type). */
  onRemove(subjectType: string, handler: CascadeHandler) {
    if (subjectType === '*') this.any.push(handler);
    else this.handlers.set(subjectType, [...(this.handlers.get(subjectType) ?? []), handler]);
  }

  async removing(r: { tx: Db; teamId: string; subjectType: string; ids: string[] }): Promise<void> {
    if (!r.ids.length) return;
    const removal: Removal = {
      ...r,
      cascade: (subjectType, ids) => this.removing({ ...r, subjectType, ids }),
    };
    for (const h of this.handlers.get(r.subjectType) ?? []) await h(removal);
    for (const h of this.any) await h(removal);
  }
}
