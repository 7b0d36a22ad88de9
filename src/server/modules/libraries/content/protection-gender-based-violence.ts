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

const WOMEN_AGE = age('15–19', '20–29', '30–49', '50+');
const SERVICE = dim(
  'service',
  'Service',
  'Health/clinical care',
  'Psychosocial support',
  'Legal/justice',
  'Safety/shelter',
  'Economic support',
);
const ETHICS =
  'Ask only in private, with a trained female interviewer, following the WHO ethical and safety recommendations for research on violence against women; offer referral information to every respondent.';

export const protectionGenderBasedViolence: LibraryEntry = {
  slug: 'protection-gender-based-violence',
  kind: 'problem',
  sector: 'protection',
  title: 'Women and girls experience violence and cannot reach support',
  summary:
    'Partner and sexual violence is common and accepted, and survivors cannot reach safe, respectful help. Community mobilisation to shift norms, survivor-centred case management, a referral pathway and safe spaces, measured with attitudes, access to care and SDG 5.2.1.',
  template: {
    problem: {
      title: 'Women and girls experience violence and cannot reach support',
      statement:
        'A large share of ever-partnered women in the target area report physical, sexual or psychological violence by a partner in the last year, and sexual violence by non-partners is frequent, including against adolescent girls and women with disabilities. Few survivors seek help: services are scattered, staff are untrained, and survivors fear stigma, retaliation and loss of economic support.',
      rootCauses:
        'Social norms that accept men’s control over women and the use of violence to “discipline” them; women’s economic dependence; alcohol misuse; no coordinated referral pathway between health, psychosocial, police and legal services; health workers and police not trained in survivor-centred approaches; weak enforcement of laws; displacement and crisis that increase risk.',
      populationWho:
        'Women and adolescent girls, including those with disabilities and displaced women; men and boys as partners in prevention',
      populationCount: null,
      geography: 'Urban informal settlements, rural districts and displacement-affected areas',
      evidence:
        'WHO, “Violence Against Women Prevalence Estimates 2018” (2021): about 1 in 3 women worldwide has been subjected to physical or sexual violence by an intimate partner or sexual violence by a non-partner in her lifetime. The SASA! community mobilisation trial in Kampala (Abramsky et al., 2014, BMC Medicine) reduced the social acceptance of intimate partner violence. IASC Guidelines for Integrating GBV Interventions in Humanitarian Action and the inter-agency GBV Case Management Guidelines set the survivor-centred standard. SDG 5.2.1 tracks intimate partner violence in the last 12 months.',
    },
    elements: [
      activity('a1', 'Run a community mobilisation programme on power, gender and violence', {
        description:
          'Community activists, including men, lead a multi-phase programme (adapted from SASA!) of conversations, dramas and household visits that challenge the acceptance of violence and promote equitable relationships.',
        risks:
          'Messages provoke backlash or violence against women who speak out; programme is too short to shift norms.',
        metrics: [
          metric({
            name: 'Community activities held by trained activists',
            definition:
              'Number of community mobilisation activities (conversations, dramas, household visits, quick chats) led by trained activists and recorded on activity forms.',
            unit: 'activities',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('activities_held', 'Activities held', { starred: true })],
          }),
        ],
      }),
      activity(
        'a2',
        'Train health, psychosocial, police and legal staff in survivor-centred response',
        {
          description:
            'Clinical management of rape (including post-exposure prophylaxis and emergency contraception within 72–120 hours), psychological first aid, survivor-centred case management, confidentiality and safe data handling.',
          metrics: [
            metric({
              name: 'Service providers trained in survivor-centred response',
              definition:
                'Number of service providers who completed the training and passed the post-test (≥80%).',
              unit: 'providers',
              type: 'count',
              disaggregations: [
                SEX,
                dim(
                  'sector',
                  'Sector',
                  'Health',
                  'Psychosocial/social work',
                  'Police',
                  'Legal/justice',
                ),
              ],
              dataPoints: [dp('providers_trained', 'Providers trained', { starred: true })],
            }),
          ],
        },
      ),
      activity('a3', 'Establish a coordinated referral pathway and case management service', {
        description:
          'Agree a written referral pathway with all service providers, train caseworkers, set up a confidential case management system and a monthly case conference.',
        assumptions:
          'Service providers keep their commitments to the pathway and maintain confidentiality.',
        metrics: [
          metric({
            name: 'Referral pathway meetings held with all key providers',
            definition:
              'Number of coordination meetings in which health, psychosocial, police and legal providers reviewed the referral pathway and anonymised case trends.',
            unit: 'meetings',
            type: 'count',
            dataPoints: [
              dp('coordination_meetings', 'Coordination meetings held', { starred: true }),
            ],
          }),
        ],
      }),
      activity('a4', 'Open women’s and girls’ safe spaces offering psychosocial support', {
        description:
          'Safe spaces with trained female staff offering group psychosocial activities, information on services, skills sessions and discreet access to caseworkers.',
        metrics: [
          metric({
            name: 'Women and girls attending safe-space activities',
            definition:
              'Number of unique women and girls who attended at least one safe-space activity in the period.',
            unit: 'women and girls',
            type: 'count',
            disaggregations: [WOMEN_AGE, DISABILITY],
            dataPoints: [dp('safe_space_participants', 'Unique participants', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Community members are engaged in discussing and preventing violence', {
        metrics: [
          metric({
            name: 'Community members reached by mobilisation activities',
            definition:
              'Number of community members who took part in at least one mobilisation activity in the period (activity forms; estimates for large events).',
            unit: 'people',
            type: 'count',
            disaggregations: [SEX, age('Under 18', '18–24', '25+')],
            dataPoints: [dp('people_reached', 'People reached', { starred: true })],
          }),
        ],
      }),
      output(
        'op2',
        'Survivor-centred services are available and linked through a referral pathway',
        {
          metrics: [
            metric({
              name: 'Percentage of health facilities able to provide clinical management of rape',
              definition:
                'Numerator: target health facilities with a trained provider on duty and post-rape kits (PEP, emergency contraception, STI treatment) in stock at a spot check. Denominator: target health facilities.',
              unit: '%',
              type: 'percentage',
              formula: percentOf('facilities_cmr_ready', 'facilities_target'),
              dataPoints: [
                dp('facilities_cmr_ready', 'Facilities ready to provide CMR', { starred: true }),
                dp('facilities_target', 'Target health facilities'),
              ],
            }),
          ],
        },
      ),
      output('op3', 'Survivors receive case management and psychosocial support', {
        metrics: [
          metric({
            name: 'Survivors receiving case management',
            definition:
              'Number of survivors who consented to and received case management (assessment, safety plan, referrals) in the period. Report only aggregated, anonymised numbers.',
            unit: 'survivors',
            type: 'count',
            disaggregations: [SEX, WOMEN_AGE, DISABILITY],
            dataPoints: [dp('survivors_case_managed', 'Survivors case-managed', { starred: true })],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Community members reject the use of violence against women', {
        metrics: [
          metric({
            name: 'Percentage of adults who believe a husband is not justified in hitting his wife in any circumstance',
            definition:
              'Numerator: adults surveyed who answer “no” to all five circumstances in the standard DHS question (goes out without telling him, neglects the children, argues with him, refuses sex, burns the food). Denominator: adults surveyed.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX],
            formula: percentOf('adults_reject_ipv', 'adults_surveyed'),
            dataPoints: [
              dp('adults_reject_ipv', 'Adults rejecting wife-beating in all circumstances', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'In your opinion, is a husband justified in hitting or beating his wife in any of the following situations?',
                    'multiple_choice',
                    {
                      choices: [
                        'If she goes out without telling him',
                        'If she neglects the children',
                        'If she argues with him',
                        'If she refuses to have sex with him',
                        'If she burns the food',
                        'None of these',
                      ],
                    },
                  ),
                ],
              }),
              dp('adults_surveyed', 'Adults surveyed', {
                aggregation: 'count',
                questions: [q('Respondent sex', 'single_choice', { choices: ['Female', 'Male'] })],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Survivors seek and receive timely, quality care', {
        assumptions:
          'Survivors trust that services are confidential and will not expose them to retaliation.',
        metrics: [
          metric({
            name: 'Percentage of rape survivors who receive clinical care within 72 hours',
            definition:
              'Numerator: survivors of rape presenting at target facilities within 72 hours of the incident who received post-exposure prophylaxis (when indicated) and emergency contraception. Denominator: survivors of rape presenting at target facilities in the period. From facility registers, anonymised.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('survivors_care_72h', 'survivors_presenting'),
            dataPoints: [
              dp('survivors_care_72h', 'Survivors receiving care within 72 hours', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Hours between the incident and the first clinical consultation', 'integer', {
                    helpText:
                      'From the facility register. Do not record names or other identifying details.',
                  }),
                ],
              }),
              dp('survivors_presenting', 'Rape survivors presenting', {
                aggregation: 'count',
                questions: [
                  q('Was PEP and emergency contraception offered and given?', 'single_choice', {
                    choices: [
                      'Both given',
                      'PEP only',
                      'Emergency contraception only',
                      'Neither',
                      'Not indicated',
                    ],
                  }),
                ],
              }),
            ],
          }),
          metric({
            name: 'Percentage of case-managed survivors satisfied with the support received',
            definition:
              'Numerator: survivors closing a case who rate the support received as satisfactory or very satisfactory in a confidential client feedback form. Denominator: survivors completing the feedback form.',
            unit: '%',
            type: 'percentage',
            disaggregations: [SERVICE],
            formula: percentOf('survivors_satisfied', 'survivors_feedback'),
            dataPoints: [
              dp('survivors_satisfied', 'Survivors satisfied', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Overall, how satisfied are you with the support you received?', 'rating', {
                    helpText:
                      '1 = very dissatisfied, 5 = very satisfied. 4 or 5 counts as satisfied.',
                  }),
                ],
              }),
              dp('survivors_feedback', 'Survivors completing feedback', {
                aggregation: 'count',
                questions: [
                  q('Did you feel safe and respected while receiving support?', 'yes_no'),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Fewer women and girls experience intimate partner violence', {
        metrics: [
          metric({
            name: 'Proportion of ever-partnered women and girls subjected to intimate partner violence in the previous 12 months',
            definition:
              'Numerator: ever-partnered women and girls aged 15 and older who experienced physical, sexual or psychological violence by a current or former intimate partner in the previous 12 months. Denominator: ever-partnered women and girls aged 15+ surveyed. Use a validated module (DHS domestic violence module or WHO multi-country study instrument). ' +
              ETHICS,
            unit: '%',
            type: 'percentage',
            direction: 'decrease',
            period: 'annual',
            disaggregations: [
              WOMEN_AGE,
              dim('violence_form', 'Form of violence', 'Physical', 'Sexual', 'Psychological'),
              DISABILITY,
            ],
            standardRef: 'SDG 5.2.1',
            formula: percentOf('women_ipv_12m', 'women_ever_partnered'),
            dataPoints: [
              dp('women_ipv_12m', 'Women experiencing IPV in the last 12 months', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'In the last 12 months, has your (current or last) husband/partner pushed you, shaken you, slapped you, twisted your arm or thrown something at you?',
                    'single_choice',
                    {
                      choices: [
                        'Often',
                        'Sometimes',
                        'Not in the last 12 months',
                        'Never',
                        'Refused',
                      ],
                      helpText: ETHICS,
                    },
                  ),
                  q(
                    'In the last 12 months, has he physically forced you to have sexual intercourse or perform any other sexual acts when you did not want to?',
                    'single_choice',
                    {
                      choices: [
                        'Often',
                        'Sometimes',
                        'Not in the last 12 months',
                        'Never',
                        'Refused',
                      ],
                      helpText: ETHICS,
                    },
                  ),
                  q(
                    'In the last 12 months, has he said or done something to humiliate you in front of others, or threatened to hurt or harm you or someone close to you?',
                    'single_choice',
                    {
                      choices: [
                        'Often',
                        'Sometimes',
                        'Not in the last 12 months',
                        'Never',
                        'Refused',
                      ],
                      helpText: ETHICS,
                    },
                  ),
                ],
              }),
              dp('women_ever_partnered', 'Ever-partnered women and girls surveyed', {
                aggregation: 'count',
                questions: [
                  q('Have you ever been married or lived with a man as if married?', 'yes_no'),
                ],
              }),
            ],
          }),
        ],
      }),
      impact('im1', 'Women and girls live free from violence and fear of violence', {}),
    ],
    links: links(
      'a1>op1',
      'a2>op2',
      'a3>op2',
      'a3>op3',
      'a4>op3',
      'op1>oc1',
      {
        link: 'op1>oc2',
        assumptions: 'Activists tell community members where and how to get help.',
      },
      'op2>oc2',
      'op3>oc2',
      'oc1>oc3',
      'oc2>oc3',
      'oc3>im1',
    ),
  },
};
