import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { forms, formVersions, stakeholders } from '../forms/read-model.js';
import type { DuplicatePair } from '../../../shared/datasets/longitudinal.pages.js';
import { plural } from '../../../shared/format/plural.js';

/** The review list reads at most this many stakeholders of a project (pairs grow with the square) */
const MAX_COMPARED = 2000;

/** A name as compared: lower case, accents and punctuation gone, words sorted ("Ali, Juma" = "juma ali") */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .sort()
    .join(' ');
}

/** A phone as compared: its last 9 digits (country prefixes and spacing ignored); null if under 7 */
export function phoneKey(phone: unknown): string | null {
  if (typeof phone !== 'string') return null;
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-9) : null;
}

/** Levenshtein distance, giving up (Infinity) past `max` */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Infinity;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, cur[j]);
    }
    if (best > max) return Infinity;
    prev = cur;
  }
  return prev[b.length];
}

/** How many edits two names of this length may differ by and still be listed */
const allowed = (n: number) => (n < 5 ? 0 : n < 10 ? 1 : 2);

interface Person {
  id: string;
  code: string;
  name: string;
  key: string;
  phones: string[];
  births: string[];
}

/** The pairs of people that may be the same, with the reasons (pure: unit-tested) */
export function findDuplicates(people: Person[]): DuplicatePair[] {
  const out: DuplicatePair[] = [];
  for (let i = 0; i < people.length; i++)
    for (let j = i + 1; j < people.length; j++) {
      const a = people[i];
      const b = people[j];
      const reasons: string[] = [];
      let nameClose = false;
      if (a.key && a.key === b.key) {
        reasons.push('same name');
        nameClose = true;
      } else if (a.key && b.key) {
        const d = distance(a.key, b.key, allowed(Math.min(a.key.length, b.key.length)));
        if (Number.isFinite(d)) {
          reasons.push(`similar name (${plural(d, 'letter')} apart)`);
          nameClose = true;
        }
      }
      if (a.phones.some((p) => b.phones.includes(p))) reasons.push('same phone');
      if (a.births.some((d) => b.births.includes(d)) && (nameClose || reasons.length))
        reasons.push('same birth date');
      if (reasons.length)
        out.push({
          a: { id: a.id, code: a.code, name: a.name },
          b: { id: b.id, code: b.code, name: b.name },
          reasons,
        });
    }
  return out;
}

const BIRTH_RE = /birth|dob|born|naissance|nacimiento/i;

/**
 * Possible duplicate stakeholders of a project, for review: same normalised name, a name a few
 * letters apart, the same phone (any phone question of its stakeholder forms), and the same birth
 * date (a date question whose key or label speaks of birth) beside a close name or phone.
 */
export async function duplicatesOf(db: Db, teamId: string, projectId: string) {
  const [people, questions] = await Promise.all([
    db
      .select()
      .from(stakeholders)
      .where(and(eq(stakeholders.teamId, teamId), eq(stakeholders.projectId, projectId)))
      .orderBy(asc(stakeholders.code))
      .limit(MAX_COMPARED),
    db
      .select({ questions: formVersions.questions })
      .from(formVersions)
      .where(
        inArray(
          formVersions.formId,
          db
            .select({ id: forms.id })
            .from(forms)
            .where(
              and(
                eq(forms.teamId, teamId),
                eq(forms.projectId, projectId),
                eq(forms.kind, 'stakeholder'),
              ),
            ),
        ),
      ),
  ]);
  const phoneKeys = new Set<string>();
  const birthKeys = new Set<string>();
  for (const v of questions)
    for (const q of v.questions) {
      if (q.type === 'phone') phoneKeys.add(q.key);
      if (q.type === 'date' && (BIRTH_RE.test(q.key) || BIRTH_RE.test(q.label)))
        birthKeys.add(q.key);
    }
  const pairs = findDuplicates(
    people.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      key: nameKey(p.name),
      phones: [...phoneKeys].map((k) => phoneKey(p.answers[k])).filter((x): x is string => !!x),
      births: [...birthKeys]
        .map((k) => p.answers[k])
        .filter((x): x is string => typeof x === 'string' && x !== ''),
    })),
  );
  return { pairs, truncated: people.length >= MAX_COMPARED };
}
