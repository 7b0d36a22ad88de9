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

export const gbvCaseManagementStrategy: LibraryEntry = {
  slug: 'gbv-case-management',
  kind: 'strategy',
  sector: 'protection',
  title: 'Survivor-centred GBV case management',
  summary:
    'Trained caseworkers help survivors of gender-based violence assess their needs, make a safety plan and reach health, psychosocial, legal and economic support through an agreed referral pathway, following the inter-agency GBV Case Management Guidelines. Add it to any protection or gender problem.',
  template: {
    elements: [
      activity('train-caseworkers', 'Train and supervise GBV caseworkers', {
        description:
          'Training on the guiding principles (safety, confidentiality, respect, non-discrimination), the case management steps, psychological first aid and safe data handling; monthly supervision and staff care.',
        metrics: [
          metric({
            name: 'Caseworkers trained and receiving monthly supervision',
            definition:
              'Number of caseworkers who completed the case management training and had at least one supervision session in the month.',
            unit: 'caseworkers',
            type: 'count',
            period: 'monthly',
            disaggregations: [SEX],
            dataPoints: [
              dp('caseworkers_supervised', 'Caseworkers trained and supervised', { starred: true }),
            ],
          }),
        ],
      }),
      activity('referral-pathway', 'Agree and update the referral pathway with service providers', {
        description:
          'Map health, psychosocial, safety, legal and economic services, agree referral procedures and consent forms, and update the pathway every 6 months.',
        assumptions:
          'Referral services exist and are accessible; if not, advocate for them before promoting case management.',
        metrics: [
          metric({
            name: 'Referral pathway updated and shared in the last 6 months',
            definition:
              'Whether a written referral pathway listing current services, focal points and procedures was updated and shared with all providers in the last 6 months (1 = yes, 0 = no).',
            unit: 'yes/no',
            type: 'yes_no',
            dataPoints: [
              dp('pathway_updated', 'Pathway updated and shared', {
                starred: true,
                aggregation: 'max',
              }),
            ],
          }),
        ],
      }),
      activity('case-management', 'Provide case management to survivors who consent', {
        description:
          'Intake, needs and risk assessment, case action plan, accompanied referrals, follow-up and case closure, with information stored in a secure, anonymised system.',
        risks: 'Breaches of confidentiality put survivors at risk; high caseloads reduce quality.',
        metrics: [
          metric({
            name: 'Survivors who opened a case',
            definition:
              'Number of new cases opened with informed consent in the period. Report only aggregated, anonymised figures.',
            unit: 'survivors',
            type: 'count',
            period: 'monthly',
            disaggregations: [SEX, age('Under 18', '18–24', '25–49', '50+'), DISABILITY],
            dataPoints: [dp('cases_opened', 'New cases opened', { starred: true })],
          }),
        ],
      }),
      output('needs-met', 'Survivors receive the services in their case action plan', {
        metrics: [
          metric({
            name: 'Percentage of closed cases with all planned referrals completed',
            definition:
              'Numerator: cases closed in the period in which every referral in the case action plan was completed (the survivor received the service) or declined by the survivor. Denominator: cases closed in the period.',
            unit: '%',
            type: 'percentage',
            disaggregations: [
              dim(
                'service',
                'Service referred to',
                'Health',
                'Psychosocial',
                'Safety/shelter',
                'Legal/justice',
                'Economic',
              ),
            ],
            formula: percentOf('cases_needs_met', 'cases_closed'),
            dataPoints: [
              dp('cases_needs_met', 'Closed cases with all referrals completed', { starred: true }),
              dp('cases_closed', 'Cases closed'),
            ],
          }),
        ],
      }),
      output('client-feedback', 'Survivors feel safe, respected and helped', {
        metrics: [
          metric({
            name: 'Percentage of survivors reporting that case management helped them',
            definition:
              'Numerator: survivors completing a confidential feedback form at case closure who agree that they felt safe, were treated with respect and were helped. Denominator: survivors completing the form.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('survivors_helped', 'forms_completed'),
            dataPoints: [
              dp('survivors_helped', 'Survivors reporting they were helped', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Did you feel safe and that your information was kept private?', 'yes_no'),
                  q(
                    'Were you treated with respect and allowed to make your own decisions?',
                    'yes_no',
                  ),
                  q(
                    'Has the support helped you with the problems you came with?',
                    'single_choice',
                    { choices: ['A lot', 'Somewhat', 'A little', 'Not at all'] },
                  ),
                ],
              }),
              dp('forms_completed', 'Feedback forms completed', { aggregation: 'count' }),
            ],
          }),
        ],
      }),
    ],
    links: links(
      'train-caseworkers>needs-met',
      'referral-pathway>needs-met',
      'case-management>needs-met',
      'case-management>client-feedback',
      'train-caseworkers>client-feedback',
    ),
  },
};
