import ExcelJS from 'exceljs';

/** XLSForm workbooks made in the tests with exceljs: each sheet as a header row and rows. */
export interface XlsformSpec {
  survey: string[][];
  choices?: string[][];
  settings?: string[][];
  /** more sheets (e.g. a workbook without a survey sheet) */
  extra?: Record<string, string[][]>;
}

export async function xlsformBuffer(spec: XlsformSpec): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheets: Array<[string, string[][] | undefined]> = [
    ['survey', spec.survey],
    ['choices', spec.choices],
    ['settings', spec.settings],
    ...Object.entries(spec.extra ?? {}),
  ];
  for (const [name, rows] of sheets) {
    if (!rows) continue;
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const H = [
  'type',
  'name',
  'label',
  'label::Français (fr)',
  'hint',
  'required',
  'required_message',
  'relevant',
  'constraint',
  'constraint_message',
  'default',
  'read_only',
  'appearance',
  'choice_filter',
  'parameters',
];
/** A row by column name (the rest blank). */
const row = (o: Partial<Record<(typeof H)[number], string>>) => H.map((h) => o[h] ?? '');

/**
 * An XLSForm of our own making with every supported type and column, curly quotes, an unknown type,
 * a bad expression, a duplicate name, a missing choices list, metadata and unsupported types.
 */
export const FULL_XLSFORM: XlsformSpec = {
  survey: [
    H,
    row({ type: 'start', name: 'start' }),
    row({ type: 'deviceid', name: 'deviceid' }),
    row({ type: 'note', name: 'intro', label: 'Welcome', 'label::Français (fr)': 'Bienvenue' }),
    row({ type: 'begin_group', name: 'household', label: 'Household', appearance: 'field-list' }),
    row({
      type: 'text',
      name: 'hh_name',
      label: 'Name of the head',
      hint: 'As on the ID card',
      required: 'yes',
      required_message: 'Give the name.',
      default: 'Unknown',
    }),
    row({
      type: 'integer',
      name: 'age',
      label: 'Age',
      constraint: '. >= 0 and . <= 120',
      constraint_message: 'Between 0 and 120.',
    }),
    row({ type: 'decimal', name: 'income', label: 'Income', required: 'true()' }),
    // required only when an expression holds
    row({ type: 'text', name: 'guardian', label: 'Guardian', required: '${age} < 18' }),
    row({ type: 'end_group' }),
    row({ type: 'select_one water', name: 'water', label: 'Main water source' }),
    row({ type: 'select_one water or_other', name: 'water2', label: 'Second source' }),
    row({
      type: 'select_multiple crops',
      name: 'crops',
      label: 'Crops grown',
      relevant: '${water} = “well”',
    }),
    row({
      type: 'select_one regions',
      name: 'region',
      label: 'Region',
      appearance: 'minimal',
      // a cascading select: the regions of the chosen country (the choices' `country` column)
      choice_filter: 'country = ${water}',
    }),
    row({
      type: 'text',
      name: 'story',
      label: 'Your story',
      appearance: 'multiline',
      read_only: 'yes',
    }),
    row({ type: 'text', name: 'district', label: 'District', read_only: 'yes', default: 'D01' }),
    row({ type: 'date', name: 'visit', label: 'Visit date' }),
    row({ type: 'time', name: 'visit_time', label: 'Visit time' }),
    row({ type: 'dateTime', name: 'ended', label: 'Ended at' }),
    row({ type: 'acknowledge', name: 'consent', label: 'I agree', required: 'yes' }),
    row({ type: 'calculate', name: 'total' }),
    row({ type: 'hidden', name: 'secret' }),
    row({ type: 'range', name: 'slider', label: 'Slide', parameters: 'start=0 end=100 step=5' }),
    row({ type: 'rank', name: 'ranked', label: 'Rank' }),
    row({ type: 'geopoint', name: 'where', label: 'Where' }),
    row({ type: 'image', name: 'photo', label: 'Photo' }),
    row({ type: 'barcode', name: 'scan', label: 'Scan' }),
    row({ type: 'audio', name: 'voice', label: 'Voice note' }),
    row({ type: 'begin_repeat', name: 'members', label: 'Members' }),
    row({ type: 'text', name: 'member_name', label: 'Member name' }),
    row({ type: 'end_repeat' }),
    row({ type: 'magic_box', name: 'magic', label: 'Magic' }),
    row({ type: 'text', name: 'broken', label: 'Broken rule', relevant: '${age} >' }),
    row({ type: 'text', name: 'ghost', label: 'Reads a ghost', relevant: "${nobody} = 'x'" }),
    row({ type: 'text', name: 'age', label: 'Age again' }),
    row({ type: 'select_one missing_list', name: 'lost', label: 'Lost list' }),
    row({ type: 'integer', name: 'HouseholdSize', label: 'Household size' }),
    row({ type: 'text', name: 'big_hh', label: 'Why so many?', relevant: '${HouseholdSize} > 8' }),
    row({ type: 'integer', name: 'kids', label: 'Children', relevant: '${age} > 17' }),
  ],
  choices: [
    ['list_name', 'name', 'label', 'label::Français (fr)', 'country'],
    ['water', 'well', 'Well', 'Puits'],
    ['water', 'tap', 'Tap', 'Robinet'],
    ['water', 'other', 'Other', 'Autre'],
    ['crops', 'maize', 'Maize', 'Maïs'],
    ['crops', 'rice', 'Rice', 'Riz'],
    ['regions', 'north', 'North', 'Nord', 'well'],
    ['regions', 'south', 'South', 'Sud', 'tap'],
    ['regions', 'east', 'East', 'Est', 'well'],
  ],
  settings: [
    ['form_title', 'default_language', 'form_id'],
    ['Household baseline', 'English (en)', 'hh_baseline'],
  ],
};

/**
 * Repeats nested three deep (people > jobs > shifts) and a fourth level that is reported, each with
 * a repeat count (an expression, a number); kept apart from FULL_XLSFORM, whose counts the e2e
 * journey checks.
 */
export const NESTED_XLSFORM: XlsformSpec = {
  survey: [
    ['type', 'name', 'label', 'repeat_count', 'relevant'],
    ['integer', 'hh_size', 'How many people?', '', ''],
    ['begin_repeat', 'people', 'People', '${hh_size}', ''],
    ['text', 'pname', 'Name', '', ''],
    ['integer', 'Page', 'Age', '', ''],
    ['integer', 'n_jobs', 'How many jobs?', '', '${Page} > 15'],
    ['begin repeat', 'jobs', 'Jobs', '${n_jobs}', ''],
    ['text', 'job', 'Job', '', ''],
    ['begin_repeat', 'shifts', 'Shifts', '2', "${job} != ''"],
    ['time', 'shift_start', 'Start', '', '${Page} > 17'],
    ['begin_repeat', 'breaks', 'Breaks', '', ''],
    ['time', 'break_start', 'Break', '', ''],
    ['end_repeat', '', '', '', ''],
    ['end_repeat', '', '', '', ''],
    ['end repeat', '', '', '', ''],
    ['text', 'grown', 'Grown up', '', '${Page} > 17'],
    ['end_repeat', '', '', '', ''],
    ['integer', 'shift_total', 'Shifts in all', '', 'count(${shift_start}) > 0'],
  ],
};
