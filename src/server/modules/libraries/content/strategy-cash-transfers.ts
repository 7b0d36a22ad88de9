import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  dim,
  dp,
  HOUSEHOLD_HEAD,
  links,
  metric,
  output,
  percentOf,
  q,
} from './builders.js';

const CHANNEL = dim(
  'channel',
  'Delivery channel',
  'Mobile money',
  'Bank',
  'Cash in envelope',
  'Agent/voucher',
);

export const cashTransfersStrategy: LibraryEntry = {
  slug: 'cash-transfers',
  kind: 'strategy',
  sector: 'livelihoods',
  title: 'Unconditional cash transfers',
  summary:
    'Regular, predictable cash transfers — preferably by mobile money — to vulnerable households selected with transparent criteria, with a complaints mechanism and post-distribution monitoring. Add it to any problem where lack of income blocks food, schooling, health or recovery from a shock.',
  template: {
    elements: [
      activity('targeting', 'Select and register eligible households', {
        description:
          'Apply published eligibility criteria (e.g. a proxy means test or community-based targeting with verification), register the recipient (preferably the woman of the household) and issue SIM cards or IDs where needed.',
        risks: 'Inclusion and exclusion errors; data protection of recipients’ personal data.',
        metrics: [
          metric({
            name: 'Households registered for cash transfers',
            definition:
              'Number of households verified as eligible and registered with a payment account in the period.',
            unit: 'households',
            type: 'count',
            disaggregations: [HOUSEHOLD_HEAD],
            dataPoints: [dp('households_registered', 'Households registered', { starred: true })],
          }),
        ],
      }),
      activity('payments', 'Deliver transfers on a fixed schedule', {
        description:
          'Monthly transfers of a value set against the minimum expenditure basket gap, through mobile money or another agreed channel.',
        assumptions: 'Markets are functioning so that cash can buy the goods households need.',
        metrics: [
          metric({
            name: 'Value of cash transferred',
            definition:
              'Total value of transfers successfully delivered to recipients in the period, in local currency, from payment provider reconciliation reports.',
            unit: 'local currency',
            type: 'currency',
            period: 'monthly',
            disaggregations: [CHANNEL],
            dataPoints: [dp('value_transferred', 'Value delivered', { starred: true })],
          }),
        ],
      }),
      activity(
        'accountability',
        'Run a complaints and feedback mechanism and post-distribution monitoring',
        {
          description:
            'A free hotline, help desks at pay points and a phone survey of a random sample of recipients after each payment round.',
          metrics: [
            metric({
              name: 'Complaints and feedback received',
              definition:
                'Number of complaints, questions and feedback items logged through any channel in the period.',
              unit: 'items',
              type: 'count',
              period: 'monthly',
              disaggregations: [
                dim(
                  'type',
                  'Type',
                  'Targeting',
                  'Payment',
                  'Staff conduct',
                  'Information request',
                  'Other',
                ),
              ],
              dataPoints: [dp('feedback_received', 'Feedback items logged', { starred: true })],
            }),
          ],
        },
      ),
      output('paid-on-time', 'Households receive the full transfer on time', {
        metrics: [
          metric({
            name: 'Percentage of transfers received in full and on time',
            definition:
              'Numerator: scheduled transfers received in full by the registered recipient within 3 days of the payment date. Denominator: transfers scheduled in the period.',
            unit: '%',
            type: 'percentage',
            period: 'monthly',
            disaggregations: [CHANNEL],
            formula: percentOf('transfers_on_time', 'transfers_scheduled'),
            dataPoints: [
              dp('transfers_on_time', 'Transfers received in full and on time', { starred: true }),
              dp('transfers_scheduled', 'Transfers scheduled'),
            ],
          }),
        ],
      }),
      output('safe-access', 'Recipients access and use the cash safely and without paying anyone', {
        metrics: [
          metric({
            name: 'Percentage of recipients reporting safe, fee-free access to their transfer',
            definition:
              'Numerator: recipients in the post-distribution monitoring sample who report no safety problem and no unofficial payment to receive the transfer. Denominator: recipients interviewed.',
            unit: '%',
            type: 'percentage',
            disaggregations: [HOUSEHOLD_HEAD],
            formula: percentOf('recipients_safe', 'recipients_interviewed'),
            dataPoints: [
              dp('recipients_safe', 'Recipients with safe, fee-free access', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Did you feel safe travelling to, receiving and spending the money?', 'yes_no'),
                  q(
                    'Did you have to pay anyone (agent, leader, staff) to receive or withdraw the money?',
                    'yes_no',
                  ),
                ],
              }),
              dp('recipients_interviewed', 'Recipients interviewed', {
                aggregation: 'count',
                questions: [
                  q('What did you spend most of the last transfer on?', 'multiple_choice', {
                    choices: [
                      'Food',
                      'Rent/shelter',
                      'Health',
                      'Education',
                      'Debt repayment',
                      'Livestock or business',
                      'Other',
                    ],
                  }),
                ],
              }),
            ],
          }),
          metric({
            name: 'Percentage of complaints resolved within 14 days',
            definition:
              'Numerator: complaints closed with a response to the complainant within 14 days. Denominator: complaints received in the period.',
            unit: '%',
            type: 'percentage',
            period: 'monthly',
            formula: percentOf('complaints_resolved_14d', 'complaints_received'),
            dataPoints: [
              dp('complaints_resolved_14d', 'Complaints resolved within 14 days', {
                starred: true,
              }),
              dp('complaints_received', 'Complaints received'),
            ],
          }),
        ],
      }),
    ],
    links: links(
      'targeting>paid-on-time',
      'payments>paid-on-time',
      'payments>safe-access',
      'accountability>safe-access',
    ),
  },
};
