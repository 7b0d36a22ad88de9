import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  age,
  DISABILITY,
  dim,
  dp,
  links,
  metric,
  output,
  percentOf,
  q,
  SEX,
} from './builders.js';

const TRADE = dim(
  'trade',
  'Trade',
  'Construction',
  'Electrical/solar',
  'Mechanics',
  'Tailoring',
  'Hospitality',
  'ICT',
  'Agro-processing',
  'Other',
);

export const youthApprenticeshipsStrategy: LibraryEntry = {
  slug: 'youth-apprenticeships',
  kind: 'strategy',
  sector: 'livelihoods',
  title: 'Apprenticeships with local businesses',
  summary:
    'Young people learn a trade on the job with a trained master craftsperson or employer under a written agreement, combined with short classroom modules and a recognised skills assessment at the end. Add it to any youth employment or livelihoods problem.',
  template: {
    elements: [
      activity('recruit-hosts', 'Recruit and train host businesses and master craftspeople', {
        description:
          'Select businesses with enough work and a safe workplace; train master craftspeople in structured teaching, safeguarding and the competency standard; sign an apprenticeship agreement.',
        assumptions: 'Businesses see value in hosting apprentices (labour, a small training fee).',
        metrics: [
          metric({
            name: 'Host businesses with a signed apprenticeship agreement',
            definition:
              'Number of businesses that signed an agreement covering duration, skills to be taught, hours, stipend, safety and safeguarding, and whose master craftsperson completed orientation.',
            unit: 'businesses',
            type: 'count',
            disaggregations: [TRADE],
            dataPoints: [dp('host_businesses', 'Host businesses', { starred: true })],
          }),
        ],
      }),
      activity('match', 'Match young people to apprenticeships and pay stipends', {
        description:
          'Career guidance, matching on interest and aptitude, and a monthly stipend or transport allowance so that the poorest youth and young women can take part.',
        metrics: [
          metric({
            name: 'Apprentices started',
            definition:
              'Number of young people who started an apprenticeship under a signed agreement in the period.',
            unit: 'apprentices',
            type: 'count',
            disaggregations: [SEX, age('15–19', '20–24', '25–29'), DISABILITY],
            dataPoints: [dp('apprentices_started', 'Apprentices started', { starred: true })],
          }),
        ],
      }),
      activity(
        'monitor',
        'Monitor apprenticeships monthly and arrange the final skills assessment',
        {
          description:
            'Monthly workplace visits check attendance, learning progress against a logbook and working conditions; at the end, apprentices sit a recognised trade test.',
          risks: 'Apprentices used as cheap labour without learning; unsafe workplaces.',
          metrics: [
            metric({
              name: 'Workplace monitoring visits',
              definition:
                'Number of monthly monitoring visits made to apprentices at their workplaces, with the logbook reviewed.',
              unit: 'visits',
              type: 'count',
              period: 'monthly',
              dataPoints: [dp('monitoring_visits', 'Monitoring visits', { starred: true })],
            }),
          ],
        },
      ),
      output('completed', 'Apprentices complete their apprenticeship and are certified', {
        metrics: [
          metric({
            name: 'Percentage of apprentices who complete and pass the trade test',
            definition:
              'Numerator: apprentices who completed the agreed duration and passed the recognised trade or competency test. Denominator: apprentices whose apprenticeship was due to end in the period.',
            unit: '%',
            type: 'percentage',
            disaggregations: [SEX, TRADE],
            formula: percentOf('apprentices_certified', 'apprentices_due'),
            dataPoints: [
              dp('apprentices_certified', 'Apprentices certified', { starred: true }),
              dp('apprentices_due', 'Apprenticeships due to end'),
            ],
          }),
        ],
      }),
      output('decent-conditions', 'Apprentices learn in safe, fair conditions', {
        metrics: [
          metric({
            name: 'Percentage of apprentices reporting safe and fair working conditions',
            definition:
              'Numerator: apprentices interviewed privately who report working no more than the agreed hours, receiving their stipend, learning new tasks each month and feeling safe at work. Denominator: apprentices interviewed.',
            unit: '%',
            type: 'percentage',
            disaggregations: [SEX],
            formula: percentOf('apprentices_fair', 'apprentices_interviewed'),
            dataPoints: [
              dp('apprentices_fair', 'Apprentices reporting safe, fair conditions', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'In the last month, did you work more hours than agreed in your apprenticeship agreement?',
                    'yes_no',
                  ),
                  q('Did you learn a new task or skill at work in the last month?', 'yes_no'),
                  q(
                    'Do you feel safe at your workplace, including from harassment?',
                    'single_choice',
                    { choices: ['Always', 'Mostly', 'Sometimes', 'Never'] },
                  ),
                ],
              }),
              dp('apprentices_interviewed', 'Apprentices interviewed', {
                aggregation: 'count',
                questions: [q('Did you receive your stipend on time last month?', 'yes_no')],
              }),
            ],
          }),
        ],
      }),
    ],
    links: links(
      'recruit-hosts>completed',
      'match>completed',
      'monitor>completed',
      'monitor>decent-conditions',
      'recruit-hosts>decent-conditions',
    ),
  },
};
