import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  age,
  dim,
  dp,
  impact,
  links,
  LOCATION,
  metric,
  outcome,
  output,
  percentOf,
  q,
  SEX,
} from './builders.js';

const GIRL_AGE = age('10–14', '15–19');

export const genderChildMarriage: LibraryEntry = {
  slug: 'gender-child-marriage',
  kind: 'problem',
  sector: 'gender',
  title: 'Adolescent girls are married before the age of 18',
  summary:
    'Many girls are married as children, which ends their schooling and exposes them to early pregnancy and violence. Girls’ clubs, family and community dialogue, education support and community protection, measured with attitudes, marriage rates and SDG 5.3.1.',
  template: {
    problem: {
      title: 'Adolescent girls are married before the age of 18',
      statement:
        'In the target communities a high proportion of girls are married or in union before their 18th birthday, many before 15. Girls who marry early usually leave school, have their first child in adolescence and have little say in household decisions. Laws setting 18 as the minimum age of marriage are poorly known and rarely enforced.',
      rootCauses:
        'Poverty and bride price/dowry practices that make early marriage an economic strategy; social norms valuing girls’ virginity and family honour; fear of pre-marital pregnancy; few secondary schools nearby and school costs; girls’ limited knowledge, confidence and networks; weak birth registration and enforcement of the legal minimum age.',
      populationWho:
        'Girls aged 10–19, their parents and caregivers, and community and religious leaders',
      populationCount: null,
      geography: 'Rural districts with high child marriage prevalence',
      evidence:
        'UNICEF global databases on child marriage (from DHS and MICS): about one in five young women worldwide was married before 18, with the highest rates in sub-Saharan Africa and South Asia. Girls Not Brides and the UNFPA–UNICEF Global Programme to End Child Marriage document what works: empowering girls, keeping them in school, engaging families and communities, and strengthening services and laws. SDG 5.3.1 tracks the proportion of women aged 20–24 married or in union before 15 and before 18.',
    },
    elements: [
      activity('a1', 'Run weekly safe-space clubs for adolescent girls with trained mentors', {
        description:
          'Groups of 15–25 girls meet weekly with a young female mentor on life skills, sexual and reproductive health and rights, financial literacy and how to seek help.',
        assumptions:
          'Parents allow girls to attend; clubs meet at times that fit girls’ domestic work.',
        metrics: [
          metric({
            name: 'Girls enrolled in safe-space clubs',
            definition:
              'Number of girls who registered in a club and attended at least one session in the period. Count each girl once.',
            unit: 'girls',
            type: 'count',
            disaggregations: [
              GIRL_AGE,
              dim('school_status', 'School status', 'In school', 'Out of school', 'Married'),
            ],
            dataPoints: [dp('girls_enrolled', 'Girls enrolled', { starred: true })],
          }),
        ],
      }),
      activity(
        'a2',
        'Facilitate dialogues with parents, men and religious and traditional leaders',
        {
          description:
            'A structured series of community conversations on the harms of child marriage and the value of girls’ education, ending in public commitments and community by-laws.',
          risks: 'Backlash from influential people who benefit from current practices.',
          metrics: [
            metric({
              name: 'Participants in community dialogue sessions',
              definition:
                'Number of parents, caregivers and leaders who attended at least 3 sessions of the dialogue series.',
              unit: 'people',
              type: 'count',
              disaggregations: [
                SEX,
                dim(
                  'role',
                  'Role',
                  'Parent/caregiver',
                  'Religious leader',
                  'Traditional leader',
                  'Other',
                ),
              ],
              dataPoints: [
                dp('dialogue_participants', 'Participants attending ≥3 sessions', {
                  starred: true,
                }),
              ],
            }),
          ],
        },
      ),
      activity('a3', 'Provide education support for girls at risk of dropping out', {
        description:
          'Bursaries, uniforms and materials, menstrual hygiene supplies and catch-up classes for girls identified as at risk, plus re-entry support for married girls and young mothers.',
        metrics: [
          metric({
            name: 'Girls receiving an education support package',
            definition:
              'Number of girls who received a bursary or material support package for the school term.',
            unit: 'girls',
            type: 'count',
            disaggregations: [GIRL_AGE],
            dataPoints: [dp('girls_supported', 'Girls supported', { starred: true })],
          }),
        ],
      }),
      activity('a4', 'Strengthen community child protection committees and birth registration', {
        description:
          'Train committees to identify planned child marriages and refer cases to social welfare and police; run birth registration campaigns so girls can prove their age.',
        metrics: [
          metric({
            name: 'Child protection committee members trained',
            definition:
              'Number of committee members who completed the training on child marriage law, case identification and referral.',
            unit: 'members',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [dp('committee_members_trained', 'Members trained', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Girls have knowledge, skills, confidence and a support network', {
        metrics: [
          metric({
            name: 'Percentage of club members completing the life-skills curriculum',
            definition:
              'Numerator: enrolled girls who attended at least 75% of the sessions of the life-skills curriculum cycle. Denominator: girls enrolled in clubs whose cycle ended in the period.',
            unit: '%',
            type: 'percentage',
            disaggregations: [GIRL_AGE],
            formula: percentOf('girls_completed', 'girls_in_cycle'),
            dataPoints: [
              dp('girls_completed', 'Girls attending ≥75% of sessions', { starred: true }),
              dp('girls_in_cycle', 'Girls enrolled in cycles ending in the period'),
            ],
          }),
        ],
      }),
      output('op2', 'Community and religious leaders publicly commit to ending child marriage', {
        metrics: [
          metric({
            name: 'Communities with a public declaration or by-law against child marriage',
            definition:
              'Number of communities where leaders made a public declaration or adopted a by-law against marriage under 18, documented in writing.',
            unit: 'communities',
            type: 'count',
            dataPoints: [
              dp('communities_declared', 'Communities with a declaration or by-law', {
                starred: true,
              }),
            ],
          }),
        ],
      }),
      output('op3', 'Girls at risk stay enrolled in school', {
        metrics: [
          metric({
            name: 'Percentage of supported girls still enrolled at the end of the school year',
            definition:
              'Numerator: girls who received education support and are still enrolled at the end of the school year (school registers). Denominator: girls who received support at the start of the year.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            formula: percentOf('girls_retained', 'girls_supported_start'),
            dataPoints: [
              dp('girls_retained', 'Supported girls still enrolled', { starred: true }),
              dp('girls_supported_start', 'Girls supported at the start of the year'),
            ],
          }),
        ],
      }),
      output('op4', 'Planned child marriages are reported and acted upon', {
        metrics: [
          metric({
            name: 'Planned or suspected child marriages referred and acted upon',
            definition:
              'Number of cases of planned or suspected marriage of a girl under 18 identified by committees or clubs and referred to social welfare, police or a community leader, where an action (mediation, protection, postponement) was recorded.',
            unit: 'cases',
            type: 'count',
            dataPoints: [dp('cases_acted', 'Cases referred and acted upon', { starred: true })],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Parents and community members reject child marriage', {
        metrics: [
          metric({
            name: 'Percentage of parents who think girls should not marry before 18',
            definition:
              'Numerator: parents and caregivers of girls aged 10–19 who say the right age for a girl to marry is 18 or older AND disagree that a girl who becomes pregnant should be married. Denominator: parents and caregivers surveyed.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX],
            formula: percentOf('parents_reject', 'parents_surveyed'),
            dataPoints: [
              dp('parents_reject', 'Parents rejecting child marriage', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('In your opinion, what is the best age for a girl to get married?', 'integer', {
                    helpText: 'Record the age in years.',
                  }),
                  q(
                    'Do you agree or disagree: if a girl becomes pregnant, she should be married?',
                    'single_choice',
                    {
                      choices: [
                        'Strongly agree',
                        'Agree',
                        'Disagree',
                        'Strongly disagree',
                        "Don't know",
                      ],
                    },
                  ),
                ],
              }),
              dp('parents_surveyed', 'Parents and caregivers surveyed', {
                aggregation: 'count',
                questions: [q('Respondent sex', 'single_choice', { choices: ['Female', 'Male'] })],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Fewer adolescent girls are married and more stay in school', {
        assumptions: 'Economic shocks do not push families back towards early marriage.',
        metrics: [
          metric({
            name: 'Percentage of girls aged 15–19 currently married or in union',
            definition:
              'Numerator: girls aged 15–19 in surveyed households who are currently married or living with a partner as if married. Denominator: girls aged 15–19 surveyed.',
            unit: '%',
            type: 'percentage',
            direction: 'decrease',
            period: 'annual',
            disaggregations: [LOCATION],
            formula: percentOf('girls_married', 'girls_15_19'),
            dataPoints: [
              dp('girls_married', 'Girls 15–19 married or in union', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Are you currently married or living together with a man as if married?',
                    'single_choice',
                    {
                      choices: [
                        'Yes, currently married',
                        'Yes, living with a man',
                        'No, not in union',
                      ],
                    },
                  ),
                ],
              }),
              dp('girls_15_19', 'Girls aged 15–19 surveyed', {
                aggregation: 'count',
                questions: [q('How old were you at your last birthday?', 'integer')],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Women in the next generation marry as adults', {
        metrics: [
          metric({
            name: 'Proportion of women aged 20–24 who were married or in a union before age 18',
            definition:
              'Numerator: women aged 20–24 who were first married or in union before their 18th birthday (report before 15 as well). Denominator: women aged 20–24 surveyed. DHS/MICS definition.',
            unit: '%',
            type: 'percentage',
            direction: 'decrease',
            period: 'annual',
            disaggregations: [
              dim('age_at_union', 'Age at first union', 'Before 15', 'Before 18'),
              LOCATION,
            ],
            standardRef: 'SDG 5.3.1',
            formula: percentOf('women_married_before_18', 'women_20_24'),
            dataPoints: [
              dp('women_married_before_18', 'Women 20–24 first married before 18', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'How old were you when you first started living with your (first) husband or partner?',
                    'integer',
                    {
                      helpText:
                        'Record age in completed years; cross-check with date of first union.',
                    },
                  ),
                ],
              }),
              dp('women_20_24', 'Women aged 20–24 surveyed', {
                aggregation: 'count',
                questions: [q('In what month and year were you born?', 'date')],
              }),
            ],
          }),
        ],
      }),
      impact(
        'im1',
        'Girls and young women decide if, when and whom to marry, and realise their rights and potential',
        {},
      ),
    ],
    links: links(
      'a1>op1',
      'a2>op2',
      'a3>op3',
      'a1>op3',
      'a4>op4',
      'a2>op4',
      'op1>oc2',
      'op2>oc1',
      {
        link: 'op3>oc2',
        assumptions:
          'Schools are safe and of good enough quality that families see value in keeping girls enrolled.',
      },
      'op4>oc2',
      'oc1>oc2',
      'oc2>oc3',
      'oc3>im1',
    ),
  },
};
