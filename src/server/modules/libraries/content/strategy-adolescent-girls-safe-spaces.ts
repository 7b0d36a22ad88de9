import type { LibraryEntry } from '../library-entry.js';
import { activity, age, dim, dp, links, metric, output, percentOf, q } from './builders.js';

const GIRL_AGE = age('10–14', '15–19');

export const girlsSafeSpacesStrategy: LibraryEntry = {
  slug: 'adolescent-girls-safe-spaces',
  kind: 'strategy',
  sector: 'gender',
  title: 'Safe spaces and mentoring for adolescent girls',
  summary:
    'Weekly meetings of small groups of adolescent girls in a safe, girls-only place with a trained young female mentor: life skills, sexual and reproductive health, financial literacy, and links to services. Add it to any education, gender, health or protection problem affecting adolescent girls.',
  template: {
    elements: [
      activity('mentors', 'Recruit and train young female mentors', {
        description:
          'Young women from the community (about 18–30) are selected with girls and parents, trained in the curriculum, facilitation, safeguarding and referral, and supervised monthly.',
        metrics: [
          metric({
            name: 'Mentors trained and active',
            definition:
              'Number of mentors who completed initial training and led at least one group session in the period.',
            unit: 'mentors',
            type: 'count',
            dataPoints: [dp('mentors_active', 'Mentors trained and active', { starred: true })],
          }),
        ],
      }),
      activity('sessions', 'Hold weekly safe-space sessions by age group', {
        description:
          'Separate groups for younger (10–14) and older (15–19) girls, married and unmarried, in and out of school, at times and places girls choose.',
        assumptions:
          'Parents and husbands allow girls to attend; the space is genuinely safe and private.',
        metrics: [
          metric({
            name: 'Safe-space sessions held',
            definition:
              'Number of group sessions held with a mentor and at least five girls present, from session registers.',
            unit: 'sessions',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('sessions_held', 'Sessions held', { starred: true })],
          }),
        ],
      }),
      activity('service-links', 'Link girls to health, education and protection services', {
        description:
          'Health worker visits to groups, accompanied referrals to adolescent-friendly health services, school re-entry support and confidential referral of protection concerns.',
        risks: 'Services are not adolescent-friendly or breach confidentiality.',
        metrics: [
          metric({
            name: 'Girls referred to services',
            definition:
              'Number of girls referred by mentors to a health, education or protection service, from the confidential referral log.',
            unit: 'girls',
            type: 'count',
            disaggregations: [
              GIRL_AGE,
              dim('service', 'Service', 'Health', 'Education', 'Protection', 'Economic'),
            ],
            dataPoints: [dp('girls_referred', 'Girls referred', { starred: true })],
          }),
        ],
      }),
      output('regular-attendance', 'Girls attend sessions regularly', {
        metrics: [
          metric({
            name: 'Percentage of enrolled girls attending at least 75% of sessions',
            definition:
              'Numerator: enrolled girls present at three quarters or more of the sessions held in the quarter. Denominator: girls enrolled in groups during the quarter.',
            unit: '%',
            type: 'percentage',
            disaggregations: [
              GIRL_AGE,
              dim('status', 'Status', 'In school', 'Out of school', 'Married'),
            ],
            formula: percentOf('girls_regular', 'girls_enrolled'),
            dataPoints: [
              dp('girls_regular', 'Girls attending ≥75% of sessions', { starred: true }),
              dp('girls_enrolled', 'Girls enrolled'),
            ],
          }),
        ],
      }),
      output('assets', 'Girls gain knowledge, skills and a trusted adult and friends', {
        metrics: [
          metric({
            name: 'Percentage of girls with social support',
            definition:
              'Numerator: participating girls who say they have a trusted non-family adult and at least one friend they could go to for help or money in an emergency. Denominator: participating girls surveyed at the end of the cycle.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [GIRL_AGE],
            formula: percentOf('girls_supported', 'girls_surveyed'),
            dataPoints: [
              dp('girls_supported', 'Girls with a trusted adult and a friend', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Apart from your family, is there an adult you trust and could go to if you had a problem?',
                    'yes_no',
                  ),
                  q(
                    'Do you have a friend you could ask for help or money in an emergency?',
                    'yes_no',
                  ),
                ],
              }),
              dp('girls_surveyed', 'Girls surveyed', {
                aggregation: 'count',
                questions: [q('How old are you?', 'integer')],
              }),
            ],
          }),
          metric({
            name: 'Average knowledge score on the life-skills and SRH assessment',
            definition:
              'Mean percentage of correct answers on the end-of-cycle knowledge assessment covering sexual and reproductive health, rights and where to get help, and money management.',
            unit: '% correct',
            type: 'number',
            period: 'annual',
            disaggregations: [GIRL_AGE],
            dataPoints: [
              dp('knowledge_score', 'Knowledge score (% correct)', {
                starred: true,
                aggregation: 'average',
                questions: [q('Score on the end-of-cycle knowledge assessment (0–100)', 'integer')],
              }),
            ],
          }),
        ],
      }),
    ],
    links: links(
      'mentors>regular-attendance',
      'sessions>regular-attendance',
      'sessions>assets',
      'service-links>assets',
    ),
  },
};
