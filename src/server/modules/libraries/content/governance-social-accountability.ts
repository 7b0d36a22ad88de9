import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  age,
  DISABILITY,
  dim,
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

const SERVICE = dim(
  'service',
  'Service',
  'Health facility',
  'Primary school',
  'Water point',
  'Agricultural extension',
  'Other',
);

export const governanceSocialAccountability: LibraryEntry = {
  slug: 'governance-social-accountability',
  kind: 'problem',
  sector: 'governance',
  title: 'Citizens cannot hold local public services to account',
  summary:
    'Poor local services persist because residents have no safe way to raise problems or shape plans and budgets. Community score cards, published budgets, inclusive planning meetings and a complaints hotline, measured with commitments honoured and satisfaction (SDG 16.6.2, 16.7.2).',
  template: {
    problem: {
      title: 'Citizens cannot hold local public services to account',
      statement:
        'In the target local government areas, public services are often unreliable: staff absenteeism, informal payments, stock-outs and broken facilities are common. Residents rarely know what services and budgets they are entitled to, local planning meetings are dominated by a few people, and complaints go unanswered, so problems persist and trust in local government is low.',
      rootCauses:
        'Little public information on service standards and local budgets; no regular, safe forum where users and providers meet; weak complaint mechanisms; local councils with limited capacity and incentives to respond; social norms that keep women, youth and people with disabilities out of public meetings; fear of retaliation for criticising officials.',
      populationWho:
        'Residents who use local public services, with a focus on women, youth and people with disabilities; service providers and local officials',
      populationCount: null,
      geography: 'Rural and peri-urban local government areas',
      evidence:
        'World Bank, World Development Report 2004 “Making Services Work for Poor People” set out the short route of accountability from users to providers. CARE’s Community Score Card is a widely used, documented tool linking users, providers and local government; a cluster-randomised evaluation in Malawi found improvements in maternal and newborn health services. Evidence reviews show social accountability works best when citizen voice is combined with providers’ and officials’ capacity and incentives to respond. SDG 16.6.2 and 16.7.2 track satisfaction with public services and perceived inclusive, responsive decision-making.',
    },
    elements: [
      activity('a1', 'Facilitate community score card cycles for local services', {
        description:
          'Users and providers separately score a service against agreed indicators, then meet in an interface meeting to agree a joint action plan; repeated every 6 months.',
        assumptions:
          'Providers and local officials agree to take part and to attend interface meetings.',
        metrics: [
          metric({
            name: 'Community score card cycles completed',
            definition:
              'Number of score card cycles completed (user scoring, provider self-assessment, interface meeting and a signed joint action plan) in the period.',
            unit: 'cycles',
            type: 'count',
            disaggregations: [SERVICE],
            dataPoints: [dp('scorecard_cycles', 'Cycles completed', { starred: true })],
          }),
        ],
      }),
      activity('a2', 'Publish service standards and local budgets in accessible formats', {
        description:
          'Notice boards, radio programmes and community meetings explain what each service should provide and what the local budget allocates, in local languages and accessible formats.',
        metrics: [
          metric({
            name: 'Services with standards and budget information publicly displayed',
            definition:
              'Number of service points (health facilities, schools, water schemes) with the current service charter and budget information displayed and legible at a spot check.',
            unit: 'service points',
            type: 'count',
            disaggregations: [SERVICE],
            dataPoints: [
              dp('services_displaying', 'Service points displaying information', { starred: true }),
            ],
          }),
        ],
      }),
      activity('a3', 'Support inclusive participation in local planning and budgeting meetings', {
        description:
          'Mobilise and prepare women, youth and people with disabilities to take part; advocate for accessible venues, convenient times and reserved speaking slots.',
        risks: 'Local elites capture the process; participants face retaliation for speaking up.',
        metrics: [
          metric({
            name: 'People from under-represented groups supported to take part in planning meetings',
            definition:
              'Number of women, young people and people with disabilities who received preparation support and attended a local planning or budget meeting.',
            unit: 'people',
            type: 'count',
            disaggregations: [SEX, age('18–35', '36+'), DISABILITY],
            dataPoints: [dp('people_supported', 'People supported to attend', { starred: true })],
          }),
        ],
      }),
      activity('a4', 'Set up a free feedback and complaints hotline with case tracking', {
        description:
          'A toll-free line and SMS short code, with complaints logged, referred to the responsible office and tracked until answered; anonymous reporting possible.',
        metrics: [
          metric({
            name: 'Complaints and feedback received through the hotline',
            definition:
              'Number of complaints and feedback items about local services logged through the hotline and SMS code in the period.',
            unit: 'items',
            type: 'count',
            period: 'monthly',
            disaggregations: [SERVICE, SEX],
            dataPoints: [dp('complaints_logged', 'Items logged', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Users and providers agree joint action plans to improve services', {
        metrics: [
          metric({
            name: 'Joint action plans agreed at interface meetings',
            definition:
              'Number of joint action plans signed by user representatives, providers and a local official at interface meetings.',
            unit: 'action plans',
            type: 'count',
            disaggregations: [SERVICE],
            dataPoints: [dp('action_plans', 'Action plans agreed', { starred: true })],
          }),
        ],
      }),
      output('op2', 'Under-represented groups take part in local planning and budgeting', {
        metrics: [
          metric({
            name: 'Percentage of participants in local planning meetings who are women',
            definition:
              'Numerator: women among participants recorded in attendance lists of local planning and budget meetings. Denominator: all participants recorded.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            formula: percentOf('women_participants', 'all_participants'),
            dataPoints: [
              dp('women_participants', 'Women participants', { starred: true }),
              dp('all_participants', 'All participants'),
            ],
          }),
        ],
      }),
      output('op3', 'Complaints are answered within a set time', {
        metrics: [
          metric({
            name: 'Percentage of complaints answered within 30 days',
            definition:
              'Numerator: complaints where the responsible office gave a response to the complainant within 30 days. Denominator: complaints received in the period.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('complaints_answered', 'complaints_received'),
            dataPoints: [
              dp('complaints_answered', 'Complaints answered within 30 days', { starred: true }),
              dp('complaints_received', 'Complaints received'),
            ],
          }),
        ],
      }),
      outcome(
        'oc1',
        'short',
        'Service providers and local government act on citizens’ priorities',
        {
          assumptions: 'Local governments have at least some discretionary budget to respond.',
          metrics: [
            metric({
              name: 'Percentage of action-plan commitments implemented',
              definition:
                'Numerator: commitments in joint action plans verified as fully implemented by the follow-up score card (e.g. staff rota posted, drug stock restored, water point repaired). Denominator: commitments due in the period.',
              unit: '%',
              type: 'percentage',
              disaggregations: [SERVICE],
              formula: percentOf('commitments_done', 'commitments_due'),
              dataPoints: [
                dp('commitments_done', 'Commitments implemented', {
                  starred: true,
                  aggregation: 'count',
                  questions: [
                    q(
                      'Status of this action-plan commitment at the follow-up meeting',
                      'single_choice',
                      {
                        choices: [
                          'Fully implemented',
                          'Partly implemented',
                          'Not started',
                          'Dropped by agreement',
                        ],
                      },
                    ),
                  ],
                }),
                dp('commitments_due', 'Commitments due', {
                  aggregation: 'count',
                  questions: [
                    q('Who is responsible for this commitment?', 'single_choice', {
                      choices: ['Service provider', 'Local government', 'Community', 'Joint'],
                    }),
                  ],
                }),
              ],
            }),
          ],
        },
      ),
      outcome('oc2', 'medium', 'Residents find local decision-making inclusive and responsive', {
        metrics: [
          metric({
            name: 'Proportion of residents who believe local decision-making is inclusive and responsive',
            definition:
              'Numerator: adults surveyed who say people like them have at least some say in what the local government does AND at least some influence on what it decides. Denominator: adults surveyed. A local-government adaptation of the SDG 16.7.2 survey module, which asks the same two questions about the national political system; use the official wording when reporting against the SDG.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX, age('18–35', '36+'), DISABILITY],
            standardRef: 'SDG 16.7.2',
            formula: percentOf('residents_inclusive', 'residents_surveyed'),
            dataPoints: [
              dp('residents_inclusive', 'Residents perceiving inclusive, responsive decisions', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'How much would you say the local government allows people like you to have a say in what it does?',
                    'single_choice',
                    { choices: ['A great deal', 'A lot', 'Some', 'Very little', 'Not at all'] },
                  ),
                  q(
                    'And how much would you say the local government allows people like you to have an influence on what it decides?',
                    'single_choice',
                    { choices: ['A great deal', 'A lot', 'Some', 'Very little', 'Not at all'] },
                  ),
                ],
              }),
              dp('residents_surveyed', 'Adults surveyed', {
                aggregation: 'count',
                questions: [q('Respondent sex', 'single_choice', { choices: ['Female', 'Male'] })],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Residents are satisfied with local public services', {
        metrics: [
          metric({
            name: 'Proportion of residents satisfied with their last experience of public services',
            definition:
              'Numerator: adults who used a health, education or water service in the last 12 months and are satisfied with their last experience (accessibility, affordability, quality, timeliness, courtesy). Denominator: adults who used the service.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX, SERVICE],
            standardRef: 'SDG 16.6.2',
            formula: percentOf('users_satisfied', 'service_users'),
            dataPoints: [
              dp('users_satisfied', 'Users satisfied with their last experience', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Overall, how satisfied or dissatisfied were you with the service the last time you used it?',
                    'single_choice',
                    {
                      choices: ['Very satisfied', 'Satisfied', 'Dissatisfied', 'Very dissatisfied'],
                    },
                  ),
                ],
              }),
              dp('service_users', 'Adults who used the service in the last 12 months', {
                aggregation: 'count',
                questions: [
                  q(
                    'In the last 12 months, have you or a member of your household used this service?',
                    'yes_no',
                  ),
                ],
              }),
            ],
          }),
        ],
      }),
      impact(
        'im1',
        'Local public services meet people’s needs and trust in local government grows',
        {},
      ),
    ],
    links: links(
      'a1>op1',
      'a2>op1',
      'a2>op2',
      'a3>op2',
      'a4>op3',
      'op1>oc1',
      'op3>oc1',
      {
        link: 'op2>oc2',
        assumptions: 'Participants’ views are reflected in the plans that are adopted.',
      },
      'op3>oc2',
      'oc1>oc2',
      'oc1>oc3',
      'oc2>im1',
      'oc3>im1',
    ),
  },
};
