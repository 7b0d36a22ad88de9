/**
 * Personal data masked before text leaves for a model: emails, phone numbers and the team's
 * stakeholder names become placeholders ([email 1], [phone 1], [name 1]); the same value gets the
 * same placeholder throughout a conversation, so the model can still tell people apart. `unmask`
 * puts the values back into the model's answer for the user.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// a phone: an optional +, then 7-15 digits with spaces, dots, dashes or brackets between them
const PHONE = /(?<![\w-])\+?\(?\d(?:[\d\s().-]{5,18})\d(?![\w-])/g;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Masker {
  private readonly byValue = new Map<string, string>();
  private readonly byPlaceholder = new Map<string, string>();
  private readonly counts = { email: 0, phone: 0, name: 0 };
  private readonly names: RegExp | null;

  /** `names`: the stakeholder names to hide (longer names first, whole words, any case). */
  constructor(names: readonly string[] = []) {
    const list = [...new Set(names.map((n) => n.trim()).filter((n) => n.length >= 2))].sort(
      (a, b) => b.length - a.length,
    );
    this.names = list.length
      ? new RegExp(
          `(?<![\\p{L}\\p{N}])(?:${list.map(escapeRe).join('|')})(?![\\p{L}\\p{N}])`,
          'giu',
        )
      : null;
  }

  private placeholder(kind: 'email' | 'phone' | 'name', value: string) {
    const key = `${kind}:${value.toLowerCase()}`;
    let p = this.byValue.get(key);
    if (!p) {
      p = `[${kind} ${++this.counts[kind]}]`;
      this.byValue.set(key, p);
      this.byPlaceholder.set(p, value);
    }
    return p;
  }

  mask(text: string): string {
    let out = text.replace(EMAIL, (m) => this.placeholder('email', m));
    out = out.replace(PHONE, (m) => {
      const digits = m.replace(/\D/g, '');
      // dates (2026-03-01), periods and plain years are not phone numbers
      if (digits.length < 7 || /^\d{4}-\d{2}(-\d{2})?$/.test(m.trim())) return m;
      return this.placeholder('phone', m);
    });
    if (this.names) out = out.replace(this.names, (m) => this.placeholder('name', m));
    return out;
  }

  /** The model's text with the placeholders it repeated turned back into the values. */
  unmask(text: string): string {
    return text.replace(/\[(?:email|phone|name) \d+\]/g, (p) => this.byPlaceholder.get(p) ?? p);
  }
}
