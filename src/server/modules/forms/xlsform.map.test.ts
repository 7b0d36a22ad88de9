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

  it('makes a key from the label when the name is missing, and reads a required expression', () => {
    const p = mapXlsform(
      {
        survey: sheet(
          ['type', 'name', 'label', 'required'],
          ['text', '', 'How old is the house?', ''],
          ['text', 'b', 'B', '${how_old_is_the_house} != ""'],
          ['text', 'c', 'C', '${nowhere} = 1'],
        ),
        choices: null,
        settings: null,
      },
      'f.xlsx',
    );
    expect(p.questions[0].key).toBe('how_old_is_the_house');
    expect(p.report.rows[0].messages[0]).toMatch(/no name/);
    // required only when the expression holds
    expect(p.questions[1]).toMatchObject({
      required: true,
      requiredWhen: '${how_old_is_the_house} != ""',
    });
    expect(p.report.rows[1].status).toBe('imported');
    // an expression that cannot be kept leaves the question optional, and says so
    expect(p.questions[2].required).toBe(false);
    expect(p.questions[2].requiredWhen).toBeUndefined();
    expect(p.report.rows[2].messages[0]).toMatch(
      /The required condition “\$\{nowhere\} = 1” is not imported: Unknown question `nowhere`.*The question is optional\./,
    );
  });

  it('imports cascading choices: the choice filter and the choices’ own columns it reads', () => {
    const p = mapXlsform(
      {
        survey: sheet(
          ['type', 'name', 'label', 'choice_filter', 'read_only', 'default'],
          ['select_one states', 'state', 'State', '', '', ''],
          ['select_one cities', 'city', 'City', 'state=${state}', '', ''],
          ['select_one cities', 'town', 'Town', '', '', ''],
          ['select_one cities', 'bad', 'Bad', 'region=${state}', '', ''],
          ['text', 'country', 'Country', '', 'yes', 'Nigeria'],
          ['text', 'note_me', 'Nothing', '', 'yes', ''],
        ),
        choices: sheet(
          ['list_name', 'name', 'label', 'state', 'bad column'],
          ['states', 'lagos', 'Lagos', '', ''],
          ['states', 'kano', 'Kano', '', ''],
          ['cities', 'ikeja', 'Ikeja', 'lagos', 'x'],
          ['cities', 'fagge', 'Fagge', 'kano', ''],
        ),
        settings: null,
      },
      'f.xlsx',
    );
    const [, city, town, bad, country, noteMe] = p.questions;
    expect(city).toMatchObject({
      choiceFilter: 'state=${state}',
      choices: [
        { value: 'ikeja', label: 'Ikeja', properties: { state: 'lagos' } },
        { value: 'fagge', label: 'Fagge', properties: { state: 'kano' } },
      ],
    });
    expect(p.report.rows[1].status).toBe('imported');
    // without a filter the list is kept plain
    expect(town.choices).toEqual([
      { value: 'ikeja', label: 'Ikeja' },
      { value: 'fagge', label: 'Fagge' },
    ]);
    // a filter reading a column no choice has is not kept, and the report says why
    expect(bad.choiceFilter).toBeUndefined();
    expect(bad.choices?.[0]).toEqual({ value: 'ikeja', label: 'Ikeja' });
    expect(p.report.rows[3].messages.join(' ')).toMatch(
      /The choice filter “region=\$\{state\}” is not imported: No choice has a property `region`.*Every choice is offered\./,
    );
    expect(p.report.notes.join(' ')).toMatch(/The choices column “bad column” is not kept/);
    expect(country).toMatchObject({ readOnly: true, defaultValue: 'Nigeria' });
    expect(noteMe.readOnly).toBeUndefined();
    expect(p.report.rows[5].messages.join(' ')).toMatch(/“read_only” without a default/);
  });
});

describe('mapXlsform: repeat groups', () => {
  const map = (...rows: string[][]) =>
    mapXlsform(
      {
        survey: sheet(['type', 'name', 'label', 'repeat_count', 'relevant', 'appearance'], ...rows),
        choices: null,
        settings: null,
      },
      'x.xlsx',
    );
  const shape = (p: ReturnType<typeof mapXlsform>) =>
    p.questions.map((q) => [
      q.key,
      q.repeatKey ?? null,
      q.repeatCount ?? null,
      q.validation?.max ?? null,
      q.relevant ?? null,
    ]);

  it('imports begin_repeat / begin repeat nested, with repeat_count at every level', () => {
    const p = map(
      ['integer', 'hh_size', 'How many people?'],
      ['begin repeat', 'people', 'People', '${hh_size}'],
      ['text', 'pname', 'Name'],
      ['integer', 'page', 'Age'],
      ['integer', 'n_jobs', 'How many jobs?'],
      ['begin_repeat', 'jobs', 'Jobs', '${n_jobs}'],
      ['text', 'job', 'Job', '', '${page} > 15'],
      ['begin repeat', 'shifts', 'Shifts', '2'],
      ['time', 'shift_start', 'Start', '', "${job} != ''"],
      ['end repeat'],
      ['end_repeat'],
      ['text', 'grown', 'Work', '', '${page} > 17'],
      ['end repeat'],
      ['integer', 'jobs_total', 'Jobs in all', '', 'count(${job}) > 0'],
    );
    expect(shape(p)).toEqual([
      ['hh_size', null, null, null, null],
      ['people', null, '${hh_size}', null, null],
      ['pname', 'people', null, null, null],
      ['page', 'people', null, null, null],
      ['n_jobs', 'people', null, null, null],
      ['jobs', 'people', '${n_jobs}', null, null],
      ['job', 'jobs', null, null, '${page} > 15'],
      ['shifts', 'jobs', null, '2', null],
      ['shift_start', 'shifts', null, null, "${job} != ''"],
      ['grown', 'people', null, null, '${page} > 17'],
      ['jobs_total', null, null, null, 'count(${job}) > 0'],
    ]);
    expect(p.questions.find((q) => q.key === 'shifts')!.validation).toEqual({
      min: '2',
      max: '2',
    });
    expect(p.report.counts).toEqual({ imported: 11, converted: 0, unsupported: 0, skipped: 3 });
  });

  it('reports a fourth level and every row inside it, never dropping a row silently', () => {
    const p = map(
      ['begin_repeat', 'a', 'A'],
      ['begin_repeat', 'b', 'B'],
      ['begin_repeat', 'c', 'C'],
      ['begin_repeat', 'd', 'D'],
      ['text', 'd_text', 'Too deep'],
      ['begin_group', 'd_group', 'Group'],
      ['text', 'd_grouped', 'Deeper still'],
      ['end_group'],
      ['end_repeat'],
      ['text', 'c_text', 'Third level'],
      ['end_repeat'],
      ['end_repeat'],
      ['end_repeat'],
      ['text', 'after', 'After'],
    );
    expect(shape(p).map(([k, r]) => [k, r])).toEqual([
      ['a', null],
      ['b', 'a'],
      ['c', 'b'],
      ['c_text', 'c'],
      ['after', null],
    ]);
    const status = Object.fromEntries(p.report.rows.map((r) => [r.name, r.status]));
    for (const n of ['d', 'd_text', 'd_group', 'd_grouped'])
      expect(status[n], n).toBe('unsupported');
    expect(p.report.rows.find((r) => r.name === 'd')!.messages.join(' ')).toMatch(
      /nest at most 3 deep/,
    );
    expect(p.report.rows.find((r) => r.name === 'd_text')!.messages.join(' ')).toMatch(
      /repeat group that is not imported/,
    );
    expect(p.report.rows).toHaveLength(14);
    expect(p.report.notes).toEqual([]);
  });

  it('rewrites renamed names inside nested repeats and keeps a field-list group there plain', () => {
    const p = map(
      ['begin_repeat', 'Members', 'Members'],
      ['integer', 'VisitCount', 'Visits?'],
      ['begin_repeat', 'visits', 'Visits', '${VisitCount}'],
      ['begin_group', 'vpage', 'Visit page', '', '', 'field-list'],
      ['text', 'clinic', 'Clinic', '', '${VisitCount} > 0'],
      ['end_group'],
      ['end_repeat'],
      ['end_repeat'],
    );
    expect(shape(p)).toEqual([
      ['members', null, null, null, null],
      ['visit_count', 'members', null, null, null],
      ['visits', 'members', '${visit_count}', null, null],
      ['clinic', 'visits', null, null, '${visit_count} > 0'],
    ]);
    const row = (n: string) => p.report.rows.find((r) => r.name === n)!;
    expect(row('visits').messages.join(' ')).toMatch(/rewritten in the repeat count/);
    expect(row('clinic').messages.join(' ')).toMatch(/rewritten in the skip logic/);
    expect(row('vpage').status).toBe('skipped');
  });

  it('refuses what the builder refuses in a repeat: its own repeat in an expression, a file', () => {
    const p = map(
      ['begin_repeat', 'members', 'Members'],
      ['begin_repeat', 'visits', 'Visits'],
      ['text', 'clinic', 'Clinic', '', 'count(${members}) > 1'],
      ['image', 'photo', 'Photo'],
      ['end_repeat'],
      ['end_repeat'],
    );
    expect(shape(p).map(([k, r, , , rel]) => [k, r, rel])).toEqual([
      ['members', null, null],
      ['visits', 'members', null],
      ['clinic', 'visits', null],
    ]);
    const row = (n: string) => p.report.rows.find((r) => r.name === n)!;
    expect(row('clinic').status).toBe('converted');
    expect(row('clinic').messages.join(' ')).toMatch(/skip logic .* is not imported/);
    expect(row('photo').status).toBe('unsupported');
    expect(row('photo').messages.join(' ')).toMatch(/cannot be inside a repeat group/);
  });
});

describe('mapXlsform: answers shown in texts', () => {
  it('rewrites ${name} of a renamed question in labels and hints, and reports unknown names', () => {
    const p = mapXlsform(
      {
        survey: sheet(
          ['type', 'name', 'label', 'hint', 'label::Français (fr)'],
          ['text', 'HeadName', 'Name of the head', '', ''],
          ['note', 'thanks', 'Thank you ${HeadName}', 'About ${price}', 'Merci ${HeadName}'],
        ),
        choices: null,
        settings: null,
      },
      'f.xlsx',
    );
    expect(p.questions[1]).toMatchObject({
      label: 'Thank you ${head_name}',
      hint: 'About ${price}',
    });
    expect(p.translations.thanks.fr.label).toBe('Merci ${head_name}');
    expect(p.report.rows[1].messages).toEqual([
      'The text shows ${HeadName}, renamed: ${head_name}.',
      'The text shows ${price}, which is not a question of this form: shown as written.',
    ]);
  });
});

describe('mapXlsform: read-only calculations', () => {
  it('keeps a calculation on a read-only question, and says what happens to one it cannot keep', () => {
    const p = mapXlsform(
      {
        survey: sheet(
          ['type', 'name', 'label', 'read_only', 'calculation', 'default'],
          ['integer', 'adults', 'Adults', '', '', ''],
          ['integer', 'kids', 'Children', '', '', ''],
          ['integer', 'total', 'People', 'yes', '${adults} + ${kids}', ''],
          ['integer', 'broken', 'Broken', 'yes', '${nobody} + 1', ''],
          ['integer', 'fallback', 'Fallback', 'yes', '${nobody} + 1', '3'],
          ['integer', 'plain', 'Plain', '', '${adults} * 2', ''],
        ),
        choices: null,
        settings: null,
      },
      'f.xlsx',
    );
    const [, , total, broken, fallback, plain] = p.questions;
    expect(total).toMatchObject({ readOnly: true, calculation: '${adults} + ${kids}' });
    expect(p.report.rows[2].status).toBe('imported');
    expect(broken.readOnly).toBeUndefined();
    expect(broken.calculation).toBeUndefined();
    expect(p.report.rows[3].messages.join(' ')).toMatch(
      /The calculation “\$\{nobody\} \+ 1” is not imported: .*The question can be answered\./,
    );
    expect(fallback).toMatchObject({ readOnly: true, defaultValue: '3' });
    expect(fallback.calculation).toBeUndefined();
    expect(p.report.rows[4].messages.join(' ')).toMatch(/Its default is shown\./);
    expect(plain.calculation).toBeUndefined();
    expect(p.report.rows[5].messages.join(' ')).toMatch(/neither “calculate” nor read-only/);
  });
});
