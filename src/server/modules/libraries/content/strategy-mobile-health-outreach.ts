import type { LibraryEntry } from '../library-entry.js';
import { activity, age, dim, dp, links, metric, output, percentOf, q, SEX } from './builders.js';

const SERVICE = dim(
  'service',
  'Service',
  'Immunization',
  'Antenatal care',
  'Family planning',
  'Malaria test and treat',
  'Child curative care',
  'Nutrition screening',
);

export const mobileHealthOutreachStrategy: LibraryEntry = {
  slug: 'mobile-health-outreach',
  kind: 'strategy',
  sector: 'health',
  title: 'Mobile health outreach',
  summary:
    'Scheduled mobile clinics bring immunization, antenatal care, family planning, malaria and child illness treatment and nutrition screening to communities far from a facility, with referrals back. For any health problem where distance is a barrier.',
  template: {
    elements: [
      activity('microplan', 'Plan outreach routes with communities and the district health team', {
        description:
          'Map villages more than 5 km from a facility, agree a fixed monthly schedule and sites, and announce dates through community health workers and leaders.',
        metrics: [
          metric({
            name: 'Outreach sites with an agreed monthly schedule',
            definition:
              'Number of outreach sites included in the district micro-plan with a fixed date and a named community focal person.',
            unit: 'sites',
            type: 'count',
            dataPoints: [dp('sites_scheduled', 'Sites scheduled', { starred: true })],
          }),
        ],
      }),
      activity('clinics', 'Run integrated mobile clinic sessions', {
        description:
          'A team of a nurse/midwife, a clinical officer and a vaccinator with essential medicines, vaccines in a cold box, test kits and registers holds a full-day session at each site.',
        risks: 'Vehicle breakdowns, fuel shortages or insecurity cancel sessions.',
        metrics: [
          metric({
            name: 'Percentage of scheduled outreach sessions held',
            definition:
              'Numerator: scheduled outreach sessions held on the planned date with the full team and supplies. Denominator: sessions scheduled in the period.',
            unit: '%',
            type: 'percentage',
            period: 'monthly',
            formula: percentOf('sessions_held', 'sessions_scheduled'),
            dataPoints: [
              dp('sessions_held', 'Sessions held', { starred: true }),
              dp('sessions_scheduled', 'Sessions scheduled'),
            ],
          }),
        ],
      }),
      activity('referral', 'Refer and follow up patients needing facility care', {
        description:
          'Patients with danger signs or needing services not offered at outreach get a referral slip and transport support; community health workers follow up.',
        metrics: [
          metric({
            name: 'Referrals issued at outreach sessions',
            definition:
              'Number of patients given a referral slip to a health facility during outreach sessions.',
            unit: 'referrals',
            type: 'count',
            period: 'monthly',
            disaggregations: [SEX],
            dataPoints: [dp('referrals_issued', 'Referrals issued', { starred: true })],
          }),
        ],
      }),
      output('consultations', 'Remote communities receive primary health services', {
        metrics: [
          metric({
            name: 'Consultations provided at mobile clinics',
            definition:
              'Number of client contacts at outreach sessions, by service, from the outreach registers. A client receiving two services counts once per service.',
            unit: 'consultations',
            type: 'count',
            period: 'monthly',
            disaggregations: [SEX, age('Under 1', '1–4', '5–14', '15–49', '50+'), SERVICE],
            dataPoints: [dp('consultations', 'Consultations', { starred: true })],
          }),
        ],
      }),
      output('referrals-completed', 'Referred patients reach the health facility', {
        metrics: [
          metric({
            name: 'Percentage of referrals completed',
            definition:
              'Numerator: referred patients recorded as arriving at the receiving facility (counter-referral slip or facility register) within 7 days. Denominator: referrals issued.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('referrals_completed', 'referrals_issued'),
            dataPoints: [
              dp('referrals_completed', 'Referrals completed', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Did the referred patient arrive at the facility within 7 days?',
                    'single_choice',
                    { choices: ['Yes', 'No', 'Unknown'] },
                  ),
                ],
              }),
              dp('referrals_issued', 'Referrals issued', { aggregation: 'count' }),
            ],
          }),
        ],
      }),
      output('client-satisfaction', 'Clients are satisfied with outreach services', {
        metrics: [
          metric({
            name: 'Percentage of clients satisfied with the outreach service',
            definition:
              'Numerator: clients interviewed at exit who rate the service 4 or 5 on a 5-point scale. Denominator: clients interviewed at exit (systematic sample, e.g. every 5th client).',
            unit: '%',
            type: 'percentage',
            disaggregations: [SEX],
            formula: percentOf('clients_satisfied', 'clients_interviewed'),
            dataPoints: [
              dp('clients_satisfied', 'Clients rating 4 or 5', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Overall, how satisfied are you with the care you received today?', 'rating', {
                    helpText: '1 = very dissatisfied, 5 = very satisfied.',
                  }),
                ],
              }),
              dp('clients_interviewed', 'Clients interviewed', {
                aggregation: 'count',
                questions: [
                  q('How long did you wait before being seen?', 'single_choice', {
                    choices: [
                      'Under 30 minutes',
                      '30–60 minutes',
                      '1–2 hours',
                      'More than 2 hours',
                    ],
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
    ],
    links: links(
      'microplan>consultations',
      'clinics>consultations',
      'clinics>client-satisfaction',
      'referral>referrals-completed',
    ),
  },
};
