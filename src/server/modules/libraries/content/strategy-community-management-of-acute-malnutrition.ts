import type { LibraryEntry } from '../library-entry.js';
import { activity, age, dim, dp, links, metric, output, percentOf, q, SEX } from './builders.js';

export const cmamStrategy: LibraryEntry = {
  slug: 'community-management-of-acute-malnutrition',
  kind: 'strategy',
  sector: 'nutrition',
  title: 'Community management of acute malnutrition (CMAM)',
  summary:
    'Volunteers screen children aged 6–59 months with MUAC tapes and refer acute malnutrition; uncomplicated severe cases are treated at home with therapeutic food. Tracked against Sphere standards: cure rate above 75%, defaulting below 15%.',
  template: {
    elements: [
      activity('screening', 'Screen children aged 6–59 months in the community', {
        description:
          'Trained volunteers measure mid-upper arm circumference (MUAC) and check for bilateral pitting oedema house to house and at gatherings; caregivers are also taught to use MUAC tapes (family MUAC).',
        metrics: [
          metric({
            name: 'Children aged 6–59 months screened for acute malnutrition',
            definition:
              'Number of screenings of children aged 6–59 months with a MUAC tape and oedema check, from volunteer screening tallies.',
            unit: 'children',
            type: 'count',
            period: 'monthly',
            disaggregations: [SEX, age('6–23 months', '24–59 months')],
            dataPoints: [dp('children_screened', 'Children screened', { starred: true })],
          }),
        ],
      }),
      activity('otp', 'Run outpatient therapeutic programme sites', {
        description:
          'Weekly visits at health facilities: admission against criteria (MUAC < 115 mm or oedema, with appetite and no complications), RUTF ration, routine medicines, weight monitoring; complicated cases referred to inpatient stabilisation.',
        risks: 'RUTF pipeline breaks lead to stock-outs and defaulting.',
        metrics: [
          metric({
            name: 'Outpatient sites without RUTF stock-out in the month',
            definition:
              'Number of outpatient therapeutic sites that had RUTF in stock on every programme day of the month.',
            unit: 'sites',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('sites_no_stockout', 'Sites without stock-out', { starred: true })],
          }),
        ],
      }),
      activity('defaulter-tracing', 'Trace absentees and defaulters through home visits', {
        description:
          'Volunteers visit children who missed a weekly visit, find out why and encourage return.',
        metrics: [
          metric({
            name: 'Home visits to absentees',
            definition:
              'Number of home visits made by volunteers to children who missed a scheduled outpatient visit.',
            unit: 'visits',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('absentee_visits', 'Home visits', { starred: true })],
          }),
        ],
      }),
      output('referred', 'Children with acute malnutrition are found and admitted early', {
        metrics: [
          metric({
            name: 'Children admitted for severe acute malnutrition treatment',
            definition:
              'Number of new admissions of children aged 6–59 months to outpatient or inpatient SAM treatment in the period, from site registers.',
            unit: 'children',
            type: 'count',
            period: 'monthly',
            disaggregations: [
              SEX,
              dim(
                'criterion',
                'Admission criterion',
                'MUAC < 115 mm',
                'Bilateral oedema',
                'Weight-for-height < −3 SD',
              ),
            ],
            dataPoints: [dp('sam_admissions', 'New SAM admissions', { starred: true })],
          }),
        ],
      }),
      output('cured', 'Children complete treatment and recover', {
        metrics: [
          metric({
            name: 'SAM treatment cure rate',
            definition:
              'Numerator: children discharged as cured (meeting discharge criteria) in the period. Denominator: all exits in the period (cured + died + defaulted + non-responders; exclude transfers). Sphere standard: above 75%.',
            unit: '%',
            type: 'percentage',
            period: 'monthly',
            disaggregations: [SEX],
            formula: percentOf('exits_cured', 'exits_total'),
            dataPoints: [
              dp('exits_cured', 'Children discharged cured', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Exit category', 'single_choice', {
                    choices: ['Cured', 'Died', 'Defaulted', 'Non-responder', 'Transferred'],
                  }),
                ],
              }),
              dp('exits_total', 'All exits (excluding transfers)', { aggregation: 'count' }),
            ],
          }),
          metric({
            name: 'SAM treatment defaulter rate',
            definition:
              'Numerator: children who were absent for two consecutive weekly visits and did not return (defaulted) in the period. Denominator: all exits in the period (excluding transfers). Sphere standard: below 15%.',
            unit: '%',
            type: 'percentage',
            direction: 'decrease',
            period: 'monthly',
            formula: percentOf('exits_defaulted', 'exits_total'),
            dataPoints: [
              dp('exits_defaulted', 'Children who defaulted', {
                starred: true,
                aggregation: 'count',
              }),
              dp('exits_total', 'All exits (excluding transfers)', { aggregation: 'count' }),
            ],
          }),
        ],
      }),
    ],
    links: links('screening>referred', 'otp>referred', 'otp>cured', 'defaulter-tracing>cured'),
  },
};
