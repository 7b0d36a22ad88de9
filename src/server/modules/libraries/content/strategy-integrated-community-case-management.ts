import type { LibraryEntry } from '../library-entry.js';
import { activity, dim, dp, links, metric, output, percentOf, q, SEX } from './builders.js';

const CONDITION = dim(
  'condition',
  'Condition',
  'Malaria (RDT-positive)',
  'Pneumonia (fast breathing)',
  'Diarrhoea',
);

export const iccmStrategy: LibraryEntry = {
  slug: 'integrated-community-case-management',
  kind: 'strategy',
  sector: 'health',
  title: 'Integrated community case management (iCCM)',
  summary:
    'Trained, supplied and supervised community health workers assess sick children aged 2–59 months at home and treat malaria, pneumonia and diarrhoea (ACT, amoxicillin, ORS and zinc), referring danger signs. For child health problems where facilities are far away.',
  template: {
    elements: [
      activity('train', 'Train community health workers in iCCM', {
        description:
          'Six- to ten-day training using the WHO/UNICEF iCCM materials: assessing danger signs, counting breaths, RDT use, treatment and referral, with supervised clinical practice.',
        metrics: [
          metric({
            name: 'Community health workers certified in iCCM',
            definition:
              'Number of community health workers who completed the iCCM training and passed the supervised clinical practice assessment.',
            unit: 'health workers',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [
              dp('chws_certified', 'Community health workers certified', { starred: true }),
            ],
          }),
        ],
      }),
      activity('resupply', 'Keep community health workers supplied with medicines and tests', {
        description:
          'Monthly resupply from the linked health facility based on consumption, integrated with the national supply chain.',
        risks: 'Stock-outs at the facility level cascade to the community level.',
        metrics: [
          metric({
            name: 'Percentage of community health workers with no stock-out of iCCM tracer commodities',
            definition:
              'Numerator: community health workers who had RDTs, ACTs, amoxicillin dispersible tablets, ORS and zinc in stock on the day of their monthly report. Denominator: community health workers reporting.',
            unit: '%',
            type: 'percentage',
            period: 'monthly',
            formula: percentOf('chws_no_stockout', 'chws_reporting'),
            dataPoints: [
              dp('chws_no_stockout', 'Community health workers with all tracers in stock', {
                starred: true,
              }),
              dp('chws_reporting', 'Community health workers reporting'),
            ],
          }),
        ],
      }),
      activity('supervise', 'Supervise community health workers monthly with case review', {
        description:
          'A facility-based supervisor reviews the register, observes a consultation or case scenario, and gives feedback each month.',
        metrics: [
          metric({
            name: 'Supervision visits with register review',
            definition:
              'Number of supervision visits or meetings in which the supervisor reviewed the community health worker’s register and gave feedback.',
            unit: 'visits',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('supervision_visits', 'Supervision visits', { starred: true })],
          }),
        ],
      }),
      output('treated', 'Sick children are treated promptly in their community', {
        metrics: [
          metric({
            name: 'Children aged 2–59 months treated by community health workers',
            definition:
              'Number of treatments given by community health workers to children aged 2–59 months, by condition, from iCCM registers.',
            unit: 'treatments',
            type: 'count',
            period: 'monthly',
            disaggregations: [SEX, CONDITION],
            dataPoints: [dp('children_treated', 'Treatments given', { starred: true })],
          }),
        ],
      }),
      output('correct-treatment', 'Children receive the correct treatment for their condition', {
        metrics: [
          metric({
            name: 'Percentage of sick children correctly assessed and treated',
            definition:
              'Numerator: cases reviewed by a supervisor (register review or direct observation) that were correctly assessed, classified and treated or referred according to the iCCM protocol. Denominator: cases reviewed.',
            unit: '%',
            type: 'percentage',
            disaggregations: [CONDITION],
            formula: percentOf('cases_correct', 'cases_reviewed'),
            dataPoints: [
              dp('cases_correct', 'Cases correctly managed', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Was this case assessed, classified and treated (or referred) according to the protocol?',
                    'single_choice',
                    {
                      choices: [
                        'Fully correct',
                        'Minor error',
                        'Major error (wrong drug, dose or missed danger sign)',
                      ],
                    },
                  ),
                ],
              }),
              dp('cases_reviewed', 'Cases reviewed', { aggregation: 'count' }),
            ],
          }),
        ],
      }),
    ],
    links: links(
      'train>treated',
      'resupply>treated',
      'train>correct-treatment',
      'supervise>correct-treatment',
    ),
  },
};
