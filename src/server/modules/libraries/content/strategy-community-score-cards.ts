import type { LibraryEntry } from '../library-entry.js';
import { activity, dim, dp, links, metric, output, percentOf, q, SEX } from './builders.js';

const SERVICE = dim(
  'service',
  'Service',
  'Health facility',
  'Primary school',
  'Water point',
  'Other',
);

export const communityScoreCardsStrategy: LibraryEntry = {
  slug: 'community-score-cards',
  kind: 'strategy',
  sector: 'governance',
  title: 'Community score cards',
  summary:
    'Service users and providers each score a local service against indicators they choose, meet in an interface meeting, and agree a joint action plan that is followed up in the next round. Add it to any problem where poor service quality or responsiveness is a cause.',
  template: {
    elements: [
      activity('user-scoring', 'Facilitate user scoring sessions in focus groups', {
        description:
          'Separate groups of women, men, youth and people with disabilities agree indicators and score the service from 1 to 5, giving reasons and suggestions.',
        metrics: [
          metric({
            name: 'Service users taking part in scoring sessions',
            definition:
              'Number of service users who took part in a score card focus group in the period.',
            unit: 'people',
            type: 'count',
            disaggregations: [SEX, SERVICE],
            dataPoints: [dp('users_scoring', 'Users taking part', { starred: true })],
          }),
        ],
      }),
      activity('provider-self-assessment', 'Facilitate provider self-assessment', {
        description:
          'Service staff score themselves against the same indicators and name the constraints they face (staffing, supplies, budget).',
        metrics: [
          metric({
            name: 'Provider self-assessments completed',
            definition:
              'Number of service points where staff completed a self-assessment against the score card indicators.',
            unit: 'service points',
            type: 'count',
            disaggregations: [SERVICE],
            dataPoints: [dp('self_assessments', 'Self-assessments completed', { starred: true })],
          }),
        ],
      }),
      activity(
        'interface-meeting',
        'Hold interface meetings with users, providers and local officials',
        {
          description:
            'Both sides present their scores, discuss differences and agree a joint action plan with named responsibilities and dates; a local official attends to take up issues beyond the facility.',
          risks: 'Meetings turn confrontational or officials do not attend.',
          metrics: [
            metric({
              name: 'Interface meetings held with a local official present',
              definition:
                'Number of interface meetings held with users, providers and at least one local government official present.',
              unit: 'meetings',
              type: 'count',
              dataPoints: [dp('interface_meetings', 'Interface meetings held', { starred: true })],
            }),
          ],
        },
      ),
      output('action-plans', 'Joint action plans are agreed and followed up', {
        metrics: [
          metric({
            name: 'Percentage of action-plan commitments implemented by the next round',
            definition:
              'Numerator: commitments verified as implemented at the next score card round (about 6 months later). Denominator: commitments made in the previous round.',
            unit: '%',
            type: 'percentage',
            disaggregations: [SERVICE],
            formula: percentOf('commitments_implemented', 'commitments_made'),
            dataPoints: [
              dp('commitments_implemented', 'Commitments implemented', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Status of this commitment at the follow-up round', 'single_choice', {
                    choices: ['Implemented', 'Partly implemented', 'Not implemented'],
                  }),
                ],
              }),
              dp('commitments_made', 'Commitments made in the previous round', {
                aggregation: 'count',
              }),
            ],
          }),
        ],
      }),
      output('scores-improve', 'User scores of the service improve between rounds', {
        metrics: [
          metric({
            name: 'Average user score of the service',
            definition:
              'Mean of users’ scores (1–5) across all indicators for the service in the round; compare with the previous round for the same service point.',
            unit: 'score (1–5)',
            type: 'number',
            disaggregations: [SERVICE, SEX],
            dataPoints: [
              dp('user_score', 'Average user score', {
                starred: true,
                aggregation: 'average',
                questions: [
                  q(
                    'Score given by the group for this indicator (1 = very bad, 5 = very good)',
                    'rating',
                  ),
                ],
              }),
            ],
          }),
        ],
      }),
    ],
    links: links(
      'user-scoring>action-plans',
      'provider-self-assessment>action-plans',
      'interface-meeting>action-plans',
      'user-scoring>scores-improve',
      'interface-meeting>scores-improve',
    ),
  },
};
