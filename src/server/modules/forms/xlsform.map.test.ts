import { describe, expect, it } from 'vitest';
import { mapXlsform, type SheetRow, type XlsformSheets } from './xlsform.map.js';

/** Rows of one sheet from a header and values (row numbers as in the file: the header is row 1). */
const sheet = (header: string[], ...rows: string[][]): SheetRow[] =>
  rows.map((r, i) => ({
    row: i + 2,
    cells: Object.fromEntries(header.map((h, j) => [h, r[j] ?? ''])),
  }));

describe('mapXlsform', () => {
  it('uses the default language of a file with only translated labels, and reports the others', () => {
    const s: XlsformSheets = {
      survey: sheet(
        ['type', 'name', 'label::english (en)', 'label::français (fr)', 'hint::français (fr)'],
        ['text', 'nom', 'Name', 'Nom', 'Votre nom'],
      ),
      choices: null,
      settings: sheet(['form_title', 'default_language'], ['Enquête', 'Français (fr)']),
    };
    const p = mapXlsform(s, 'x.xlsx');
    expect(p.language).toBe('fr');
    expect(p.questions[0]).toMatchObject({ key: 'nom', label: 'Nom', hint: 'Votre nom' });
    expect(p.report.notes.join(' ')).toMatch(/Translations imported: en/);
    expect(p.languages).toEqual(['en']);
    expect(p.translations).toEqual({ nom: { en: { label: 'Name' } } });
  });

  it('adds a group’s skip logic to each of its questions, and a page has none of its own', () => {
    const p = mapXlsform(
      {
        survey: sheet(
          ['type', 'name', 'label', 'relevant', 'appearance'],
          ['integer', 'age', 'Age'],
          ['begin_group', 'adult', 'Adults', '${age} >= 18', 'field-list'],
          ['text', 'job', 'Job', '${age} < 70'],
          ['end_group'],
          ['begin_group', 'grp', 'Plain group', '${age} > 1'],
          ['text', 'pet', 'Pet'],
          ['end group'],
        ),
        choices: null,
        settings: null,
      },
      'Survey.xlsx',
    );
    expect(p.title).toBe('Survey');
    const q = Object.fromEntries(p.questions.map((x) => [x.key, x]));
    expect(q.adult).toMatchObject({ type: 'page', label: 'Adults' });
    expect(q.adult.relevant).toBeUndefined();
    expect(q.job.relevant).toBe('(${age} >= 18) and (${age} < 70)');
    expect(q.pet.relevant).toBe('${age} > 1');
    expect(p.questions.map((x) => x.key)).toEqual(['age', 'adult', 'job', 'pet']);
  });

  it('makes a key from the label when the name is missing, and keeps a required expression optional', () => {
    const p = mapXlsform(
      {
        survey: sheet(
          ['type', 'name', 'label', 'required'],
          ['text', '', 'How old is the house?', ''],
          ['text', 'b', 'B', '${how_old_is_the_house} != ""'],
        ),
        choices: null,
        settings: null,
      },
      'f.xlsx',
    );
    expect(p.questions[0].key).toBe('how_old_is_the_house');
    expect(p.report.rows[0].messages[0]).toMatch(/no name/);
    expect(p.questions[1].required).toBeUndefined();
    expect(p.report.rows[1].messages[0]).toMatch(/“required” is an expression/);
  });
});

describe('mapXlsform: repeat groups', () => {
  it('imports begin_repeat / begin repeat with repeat_count, skips a repeat in a repeat', () => {
    const p = mapXlsform(
      {
        survey: sheet(
          ['type', 'name', 'label', 'repeat_count', 'relevant'],
          ['integer', 'hh_size', 'How many people?'],
          ['begin repeat', 'people', 'People', '${hh_size}'],
          ['text', 'pname', 'Name'],
          ['integer', 'page', 'Age'],
          ['begin_repeat', 'jobs', 'Jobs'],
          ['text', 'job', 'Job'],
          ['end_repeat'],
          ['text', 'grown', 'Work', '', '${page} > 17'],
          ['end repeat'],
          ['text', 'after', 'After'],
        ),
        choices: null,
        settings: null,
      },
      'x.xlsx',
    );
    expect(p.questions.map((q) => [q.key, q.repeatKey ?? null, q.repeatCount ?? null])).toEqual([
      ['hh_size', null, null],
      ['people', null, '${hh_size}'],
      ['pname', 'people', null],
      ['page', 'people', null],
      ['grown', 'people', null],
      ['after', null, null],
    ]);
    const jobs = p.report.rows.filter((r) => r.name === 'jobs' || r.name === 'job');
    expect(jobs.map((r) => r.status)).toEqual(['unsupported', 'unsupported']);
    expect(jobs[0].messages.join(' ')).toMatch(/repeat group inside another/);
  });
});
