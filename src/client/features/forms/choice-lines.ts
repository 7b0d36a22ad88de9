import type { Choice } from '@shared/forms/questions';

/** A line's properties after its label: ` | state=lagos | zone=south`. */
const PROPERTIES_RE = /\s+\|\s*([a-z][a-z0-9_]*\s*=[^|]*(?:\|\s*[a-z][a-z0-9_]*\s*=[^|]*)*)$/;

/**
 * The builder's choices text, one choice a line: `value = Label`, or just `Label` (the value made
 * from it), then optionally its properties for a choice filter: `ikeja = Ikeja | state=lagos`.
 */
export function parseChoices(text: string): Choice[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      let rest = line;
      let properties: Record<string, string> | undefined;
      const p = PROPERTIES_RE.exec(line);
      if (p) {
        rest = line.slice(0, p.index).trim();
        properties = Object.fromEntries(
          p[1].split('|').map((pair) => {
            const at = pair.indexOf('=');
            return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
          }),
        );
      }
      const m = /^([A-Za-z0-9_.-]{1,64})\s*=\s*(.+)$/.exec(rest);
      const choice = m
        ? { value: m[1], label: m[2].trim() }
        : {
            value:
              rest
                .toLowerCase()
                .replace(/[^a-z0-9]+/g, '_')
                .replace(/^_+|_+$/g, '')
                .slice(0, 64) || 'choice',
            label: rest,
          };
      return properties ? { ...choice, properties } : choice;
    });
}

/** Choices as the builder's text: `value = Label`, then ` | name=value` for each property. */
export const choiceLines = (choices: readonly Choice[] = []) =>
  choices
    .map(
      (c) =>
        `${c.value} = ${c.label}` +
        Object.entries(c.properties ?? {})
          .map(([k, v]) => ` | ${k}=${v}`)
          .join(''),
    )
    .join('\n');
