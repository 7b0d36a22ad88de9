import type { LibraryEntry } from '../library-entry.js';
import { activity, dim, dp, links, metric, output, percentOf, q, SEX } from './builders.js';

export const teacherCoachingStrategy: LibraryEntry = {
  slug: 'teacher-coaching',
  kind: 'strategy',
  sector: 'education',
  title: 'Teacher coaching',
  summary:
    'Regular in-class coaching by trained coaches, using a structured observation tool and teacher learning circles, so teachers turn training into everyday classroom practice. Add it to any education problem where teaching quality is a cause.',
  template: {
    elements: [
      activity('coach-training', 'Recruit and train instructional coaches', {
        description:
          'Experienced teachers or government advisers are trained to observe lessons with a structured tool, give specific feedback, model practices and agree one improvement goal per visit.',
        assumptions:
          'The education office allocates coaches’ time and transport for school visits.',
        metrics: [
          metric({
            name: 'Coaches certified',
            definition:
              'Number of coaches who completed the coach training and passed an observed coaching session rated against the coaching rubric.',
            unit: 'coaches',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [dp('coaches_certified', 'Coaches certified', { starred: true })],
          }),
        ],
      }),
      activity('coaching-visits', 'Conduct in-class coaching visits', {
        description:
          'Each teacher receives a visit at least twice per term: observation of a full lesson, a feedback conversation within 24 hours, and a modelled practice.',
        risks: 'Coach caseloads above about 1:30 teachers reduce frequency and quality.',
        metrics: [
          metric({
            name: 'Coaching visits completed',
            definition:
              'Number of coaching visits in which a full lesson was observed and a feedback conversation held, recorded in the coaching log or app.',
            unit: 'visits',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('visits_completed', 'Visits completed', { starred: true })],
          }),
        ],
      }),
      activity('learning-circles', 'Hold monthly teacher learning circles', {
        description:
          'Teachers from nearby schools meet monthly to practise a technique, review pupil work and solve problems together, facilitated by a coach or lead teacher.',
        metrics: [
          metric({
            name: 'Teacher learning circle meetings held',
            definition:
              'Number of learning circle meetings held with at least five teachers present and an attendance list.',
            unit: 'meetings',
            type: 'count',
            dataPoints: [dp('circles_held', 'Meetings held', { starred: true })],
          }),
        ],
      }),
      output('teachers-coached', 'Teachers receive regular, structured coaching', {
        metrics: [
          metric({
            name: 'Percentage of target teachers receiving at least two coaching visits in the quarter',
            definition:
              'Numerator: target teachers with two or more logged coaching visits in the quarter. Denominator: target teachers in post.',
            unit: '%',
            type: 'percentage',
            disaggregations: [SEX],
            formula: percentOf('teachers_2plus_visits', 'teachers_target'),
            dataPoints: [
              dp('teachers_2plus_visits', 'Teachers with ≥2 visits', { starred: true }),
              dp('teachers_target', 'Target teachers in post'),
            ],
          }),
        ],
      }),
      output('practice-improved', 'Coached teachers apply the practices they were coached on', {
        metrics: [
          metric({
            name: 'Percentage of coached teachers meeting their agreed improvement goal at the next visit',
            definition:
              'Numerator: coaching visits at which the coach records that the goal agreed at the previous visit was met. Denominator: follow-up coaching visits in the period.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('goals_met', 'followup_visits'),
            dataPoints: [
              dp('goals_met', 'Visits where the previous goal was met', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Did the teacher meet the improvement goal agreed at the last visit?',
                    'single_choice',
                    { choices: ['Fully met', 'Partly met', 'Not met', 'No previous goal'] },
                  ),
                ],
              }),
              dp('followup_visits', 'Follow-up visits', {
                aggregation: 'count',
                questions: [
                  q('Subject of the observed lesson', 'single_choice', {
                    choices: ['Literacy', 'Numeracy', 'Other'],
                  }),
                ],
              }),
            ],
          }),
          metric({
            name: 'Average lesson observation score of coached teachers',
            definition:
              'Mean score of coached teachers on the structured lesson observation tool (e.g. percentage of rubric items observed), at the most recent visit in the period.',
            unit: 'score (0–100)',
            type: 'number',
            disaggregations: [
              dim('grade_band', 'Grade band', 'Lower primary', 'Upper primary', 'Secondary'),
            ],
            dataPoints: [
              dp('observation_score', 'Observation score', {
                starred: true,
                aggregation: 'average',
                questions: [q('Total score on the lesson observation tool (0–100)', 'integer')],
              }),
            ],
          }),
        ],
      }),
    ],
    links: links(
      'coach-training>teachers-coached',
      'coaching-visits>teachers-coached',
      'coaching-visits>practice-improved',
      'learning-circles>practice-improved',
    ),
  },
};
