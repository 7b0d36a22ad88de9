import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { memoryStore, type OutboxItem, type OutboxStore } from './outbox';

/**
 * A file chosen for a file question: the Blob itself is kept on the device (IndexedDB stores it
 * with the draft and then the outbox item) until the outbox uploads it.
 */
export interface FileDraft {
  kind: 'file';
  blob: Blob;
  name: string;
  size: number;
  type: string;
}
export const isFileDraft = (v: unknown): v is FileDraft =>
  typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'file' && 'blob' in v;

/** One answer as the form holds it: a matrix's rows and a geopoint's fields are objects of texts. */
type PlainDraftValue = string | string[] | boolean | Record<string, string>;
/** One instance of a repeat group: its answers by question key (a repeat inside it: its instances). */
export type DraftInstance = { [key: string]: PlainDraftValue | DraftInstance[] };
export type DraftValue = PlainDraftValue | FileDraft | DraftInstance[];
export type DraftAnswers = Record<string, DraftValue>;

/** The respondent's answers so far, saved on every change. */
interface Draft {
  answers: DraftAnswers;
  version: number | null;
  /** the page the respondent was on */
  page?: number;
  /** when the respondent opened the form (kept across reloads: the duration counts from here) */
  startedAt?: number;
  savedAt: number;
}

/** Drafts (by form link and wave) and the outbox, on this device. */
export interface FormStore extends OutboxStore {
  /** false: IndexedDB is not available here (private mode, old browser): kept in memory only */
  durable: boolean;
  loadDraft(key: string): Promise<Draft | undefined>;
  saveDraft(key: string, draft: Draft): Promise<void>;
  deleteDraft(key: string): Promise<void>;
  /** the finished response joins the outbox and its draft goes, in one transaction */
  finish(key: string, item: OutboxItem): Promise<void>;
}

interface Schema extends DBSchema {
  drafts: { key: string; value: Draft };
  outbox: { key: string; value: OutboxItem };
}

const DB_NAME = 'pathways-public-forms';

function idbStore(db: IDBPDatabase<Schema>): FormStore {
  return {
    durable: true,
    list: () => db.getAll('outbox'),
    put: async (item) => {
      await db.put('outbox', item);
    },
    remove: (id) => db.delete('outbox', id),
    loadDraft: (key) => db.get('drafts', key),
    saveDraft: async (key, draft) => {
      await db.put('drafts', draft, key);
    },
    deleteDraft: (key) => db.delete('drafts', key),
    async finish(key, item) {
      const tx = db.transaction(['drafts', 'outbox'], 'readwrite');
      await Promise.all([
        tx.objectStore('outbox').put(item),
        tx.objectStore('drafts').delete(key),
        tx.done,
      ]);
    },
  };
}

function inMemory(): FormStore {
  const outbox = memoryStore();
  const drafts = new Map<string, Draft>();
  return {
    ...outbox,
    durable: false,
    loadDraft: async (key) => drafts.get(key),
    saveDraft: async (key, draft) => {
      drafts.set(key, draft);
    },
    deleteDraft: async (key) => {
      drafts.delete(key);
    },
    async finish(key, item) {
      await outbox.put(item);
      drafts.delete(key);
    },
  };
}

/** The device's store: IndexedDB, or memory when the browser refuses it. */
export async function openFormStore(): Promise<FormStore> {
  try {
    const db = await openDB<Schema>(DB_NAME, 1, {
      upgrade(d) {
        d.createObjectStore('drafts');
        d.createObjectStore('outbox', { keyPath: 'id' });
      },
    });
    return idbStore(db);
  } catch {
    return inMemory();
  }
}
