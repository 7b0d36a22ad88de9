import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  age,
  dim,
  DISABILITY,
  dp,
  impact,
  links,
  metric,
  outcome,
  output,
  percentOf,
  q,
  SEX,
} from './builders.js';

const GRADE = dim('grade', 'Grade', 'Grade 1', 'Grade 2', 'Grade 3');

export const educationFoundationalLiteracy: LibraryEntry = {
  slug: 'education-foundational-literacy',
  kind: 'problem',
  sector: 'education',
  title: 'Children in early grades cannot read with understanding',
  summary:
    'Early-grade pupils attend school but leave grade 3 unable to read a short text and answer questions about it. A structured-pedagogy theory of change: teacher guides, coaching, decodable books and community reading, measured with EGRA-style assessments.',
  template: {
    problem: {
      title: 'Children in early grades cannot read with understanding',
      statement:
        'Most children in grades 1–3 in the target schools attend regularly but cannot read a simple grade-level passage fluently or answer basic comprehension questions about it. Without foundational reading by the end of grade 3 they fall further behind in every subject and are more likely to repeat grades and drop out.',
      rootCauses:
        'Teachers have had little practical training in how to teach reading (phonics, decoding, fluency, comprehension) and receive no in-class support. Pupils have few or no books they can decode, often not in a language they speak at home. Large classes and short instructional time. Parents have limited literacy and few reading materials at home.',
      populationWho: 'Girls and boys in grades 1–3 of public primary schools, and their teachers',
      populationCount: null,
      geography: 'Rural and peri-urban districts',
      evidence:
        'World Bank, UNESCO and UNICEF "State of Global Learning Poverty" (2022): an estimated 70% of 10-year-olds in low- and middle-income countries cannot read and understand a simple text. Structured pedagogy programmes (teacher guides + coaching + pupil books) are among the most cost-effective ways to raise early-grade reading (Global Education Evidence Advisory Panel, "Smart Buys"). Local baseline: Early Grade Reading Assessment (EGRA) in sample schools.',
    },
    elements: [
      activity('a1', 'Train early-grade teachers in structured literacy instruction', {
        description:
          'A 5-day initial training plus termly refresher on phonics, decoding, fluency and comprehension routines, using scripted teacher guides aligned to the national curriculum.',
        assumptions:
          'Head teachers release teachers for training; teachers stay in early grades for the school year.',
        metrics: [
          metric({
            name: 'Early-grade teachers trained in structured literacy',
            definition:
              'Number of grade 1–3 teachers who attended at least 80% of the initial training days in the period. Count each teacher once.',
            unit: 'teachers',
            type: 'count',
            disaggregations: [SEX, GRADE],
            dataPoints: [
              dp('teachers_trained', 'Teachers attending ≥80% of training days', {
                starred: true,
                description: 'From training attendance registers.',
              }),
            ],
          }),
        ],
      }),
      activity('a2', 'Coach teachers in the classroom', {
        description:
          'Literacy coaches observe a reading lesson, give feedback against the lesson-observation tool and model a routine, at least twice per term per teacher.',
        risks:
          'Coach-to-teacher ratio too high for the travel distances; visits become inspections rather than support.',
        metrics: [
          metric({
            name: 'Classroom coaching visits conducted',
            definition:
              'Number of coaching visits where a coach observed a full reading lesson and held a feedback conversation with the teacher, as recorded in the coaching log.',
            unit: 'visits',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('coaching_visits', 'Coaching visits logged', { starred: true })],
          }),
        ],
      }),
      activity('a3', 'Print and distribute decodable readers and teacher guides', {
        description:
          'Levelled, decodable pupil readers in the language of instruction (target 1 book per pupil per grade) and one teacher guide per teacher.',
        risks: 'Procurement and printing delays push delivery past the start of the school year.',
        metrics: [
          metric({
            name: 'Decodable readers and teacher guides delivered to schools',
            definition:
              'Number of pupil readers and teacher guides delivered to target schools and signed for by the head teacher (delivery notes) in the period.',
            unit: 'books',
            type: 'count',
            disaggregations: [dim('material', 'Material', 'Pupil reader', 'Teacher guide')],
            dataPoints: [dp('books_delivered', 'Books delivered', { starred: true })],
          }),
        ],
      }),
      activity('a4', 'Set up community reading clubs', {
        description:
          'Trained volunteers run weekly after-school reading sessions and a book-lending corner; parents are shown how to read or tell stories with their children.',
        assumptions: 'Enough literate volunteers are available in each community.',
        metrics: [
          metric({
            name: 'Community reading club sessions held',
            definition:
              'Number of reading club sessions held with a trained volunteer and at least five children present, from club registers.',
            unit: 'sessions',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('club_sessions', 'Sessions held', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Teachers trained and equipped with structured lesson guides', {
        description:
          'Every early-grade teacher in target schools has completed the training and holds the teacher guide for their grade.',
        metrics: [
          metric({
            name: 'Percentage of early-grade teachers trained and holding a teacher guide',
            definition:
              'Numerator: grade 1–3 teachers in target schools who completed the initial training AND hold the teacher guide for their grade. Denominator: all grade 1–3 teachers in target schools (school staff lists).',
            unit: '%',
            type: 'percentage',
            disaggregations: [SEX],
            formula: percentOf('teachers_trained_with_guide', 'teachers_total'),
            dataPoints: [
              dp('teachers_trained_with_guide', 'Teachers trained and holding a guide', {
                starred: true,
              }),
              dp('teachers_total', 'Grade 1–3 teachers in target schools'),
            ],
          }),
        ],
      }),
      output('op2', 'Teachers receive regular in-class coaching', {
        metrics: [
          metric({
            name: 'Percentage of trained teachers receiving at least two coaching visits in the quarter',
            definition:
              'Numerator: trained grade 1–3 teachers with two or more logged coaching visits in the quarter (roughly one school term). Denominator: all trained grade 1–3 teachers in post.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('teachers_coached_2plus', 'teachers_trained'),
            dataPoints: [
              dp('teachers_coached_2plus', 'Teachers with ≥2 coaching visits in the quarter', {
                starred: true,
              }),
              dp('teachers_trained', 'Trained teachers'),
            ],
          }),
        ],
      }),
      output('op3', 'Pupils have decodable readers in the language of instruction', {
        metrics: [
          metric({
            name: 'Decodable readers per pupil',
            definition:
              'Number of grade-appropriate decodable readers available in target classrooms divided by the number of enrolled grade 1–3 pupils, counted at a spot check. 1.0 means one book per pupil.',
            unit: 'books per pupil',
            type: 'ratio',
            period: 'annual',
            disaggregations: [GRADE],
            formula: 'ratio(readers_available, pupils_enrolled)',
            dataPoints: [
              dp('readers_available', 'Decodable readers present in classrooms', { starred: true }),
              dp('pupils_enrolled', 'Grade 1–3 pupils enrolled'),
            ],
          }),
        ],
      }),
      output('op4', 'Community reading clubs meet weekly', {
        metrics: [
          metric({
            name: 'Children regularly attending reading clubs',
            definition:
              'Number of children who attended at least 75% of reading club sessions held in the quarter (club attendance registers).',
            unit: 'children',
            type: 'count',
            disaggregations: [SEX, age('5–7', '8–10', '11+')],
            dataPoints: [
              dp('club_regular_attendees', 'Children attending ≥75% of sessions', {
                starred: true,
              }),
            ],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Teachers use structured reading routines in their lessons', {
        description:
          'Observed lessons include explicit phonics, guided reading practice and comprehension questioning, with every pupil reading aloud or in pairs.',
        assumptions:
          'The observation tool is applied consistently by trained observers; lessons observed are typical rather than staged.',
        metrics: [
          metric({
            name: 'Percentage of observed reading lessons meeting the quality standard',
            definition:
              'Numerator: observed grade 1–3 reading lessons scoring at least 8 of the 10 practices on the lesson-observation checklist. Denominator: all reading lessons observed in the period (one lesson per sampled teacher).',
            unit: '%',
            type: 'percentage',
            formula: percentOf('lessons_meeting_standard', 'lessons_observed'),
            dataPoints: [
              dp('lessons_meeting_standard', 'Lessons scoring ≥8 of 10 practices', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'How many of the 10 checklist practices did the teacher demonstrate in this lesson?',
                    'integer',
                    {
                      helpText:
                        'Count the practices ticked on the lesson-observation checklist (0–10).',
                    },
                  ),
                  q('Which practices were observed?', 'multiple_choice', {
                    choices: [
                      'States lesson objective',
                      'Explicit letter–sound instruction',
                      'Pupils practise decoding',
                      'Reads aloud with expression',
                      'Pupils read aloud individually or in pairs',
                      'Asks comprehension questions',
                      'Uses the teacher guide',
                      'Checks understanding of all pupils',
                      'Gives corrective feedback',
                      'Uses local-language materials',
                    ],
                  }),
                ],
              }),
              dp('lessons_observed', 'Reading lessons observed', {
                aggregation: 'count',
                questions: [q('Date of the lesson observation', 'date')],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', "Pupils' oral reading fluency improves", {
        assumptions:
          'Pupils attend school regularly enough to benefit (at least 80% of school days).',
        metrics: [
          metric({
            name: 'Average oral reading fluency of grade 2 pupils',
            definition:
              'Mean number of correct words read per minute (cwpm) on a grade 2 EGRA oral reading passage, for a random sample of pupils. Measured at the end of the school year.',
            unit: 'correct words per minute',
            type: 'number',
            period: 'annual',
            disaggregations: [SEX],
            dataPoints: [
              dp('oral_reading_cwpm', 'Correct words per minute (per pupil)', {
                starred: true,
                aggregation: 'average',
                questions: [
                  q('Number of words read correctly from the passage in 60 seconds', 'integer', {
                    helpText:
                      'Stop the timer at 60 seconds. Count words attempted minus errors. If the child finished early, record the time and convert to a per-minute rate.',
                  }),
                  q('Sex of the pupil', 'single_choice', { choices: ['Female', 'Male'] }),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Pupils read with comprehension by the end of grade 3', {
        description:
          'Pupils reach at least minimum proficiency in reading by the end of lower primary (SDG 4.1.1a).',
        metrics: [
          metric({
            name: 'Proportion of grade 3 pupils achieving minimum proficiency in reading',
            definition:
              'Numerator: sampled grade 3 pupils who answer at least 4 of 5 comprehension questions correctly on a grade-level passage (80% comprehension). Denominator: all sampled grade 3 pupils assessed. Align the cut-off with the national benchmark where one exists.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX, DISABILITY],
            standardRef: 'SDG 4.1.1a',
            formula: percentOf('pupils_proficient', 'pupils_assessed'),
            dataPoints: [
              dp('pupils_proficient', 'Pupils with ≥80% comprehension', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'How many of the 5 comprehension questions did the pupil answer correctly?',
                    'integer',
                    {
                      helpText:
                        'Ask only the questions for the part of the passage the pupil read.',
                    },
                  ),
                ],
              }),
              dp('pupils_assessed', 'Grade 3 pupils assessed', {
                aggregation: 'count',
                questions: [
                  q('Did the pupil give assent and complete the reading assessment?', 'yes_no'),
                ],
              }),
            ],
          }),
        ],
      }),
      impact(
        'im1',
        'Children complete primary school with the foundational skills to keep learning',
        {
          description:
            'Fewer children in the district are in learning poverty; grade repetition and early drop-out fall.',
        },
      ),
    ],
    links: links(
      'a1>op1',
      'a3>op1',
      'a2>op2',
      'a3>op3',
      'a4>op3',
      'a4>op4',
      {
        link: 'op1>oc1',
        assumptions: 'Trained teachers are given timetable time for daily reading lessons.',
      },
      'op2>oc1',
      'op3>oc1',
      'op3>oc2',
      'op4>oc2',
      'oc1>oc2',
      'oc2>oc3',
      {
        link: 'oc3>im1',
        assumptions: 'Later grades build on early reading rather than reverting to rote learning.',
      },
    ),
  },
};
