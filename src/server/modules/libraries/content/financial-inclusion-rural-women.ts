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

export const financialInclusionRuralWomen: LibraryEntry = {
  slug: 'financial-inclusion-rural-women',
  kind: 'problem',
  sector: 'financial-inclusion',
  title: 'Rural women cannot save, borrow or cope with financial shocks',
  summary:
    'Rural women have no safe place to save and no affordable credit, so one shock forces asset sales or costly debt. Savings groups, financial education and links to mobile money and banks, measured with savings, account ownership (SDG 8.10.2) and resilience.',
  template: {
    problem: {
      title: 'Rural women cannot save, borrow or cope with financial shocks',
      statement:
        'Most women in the target villages have no account with a bank, microfinance institution or mobile money provider. They save in cash at home or in livestock, borrow from moneylenders or relatives at high cost, and cannot raise emergency money within a month without selling productive assets.',
      rootCauses:
        'Bank branches and agents are far away; minimum balances, fees and identity-document requirements exclude poor women; irregular, small incomes; low financial literacy and confidence; social norms that give men control over household money and mobile phones; distrust of formal institutions.',
      populationWho:
        'Women aged 18 and over in low-income rural households, many of them farmers or petty traders',
      populationCount: null,
      geography: 'Rural villages beyond the reach of bank branches',
      evidence:
        'World Bank Global Findex Database: account ownership has grown with mobile money, but a large gender gap in account ownership persists in many low- and middle-income countries, and many adults cannot raise emergency funds within 30 days. Savings groups (VSLA methodology, CARE) have been evaluated in randomised trials in several African countries, showing higher savings and better consumption smoothing. SDG 8.10.2 tracks account ownership.',
    },
    elements: [
      activity('a1', 'Form and train village savings and loan associations', {
        description:
          'Field officers form self-selected groups of 15–25 members and train them over a 9–12 month cycle: constitution, share purchase, lending rules, record keeping, share-out.',
        assumptions: 'Members have small but regular cash income to buy shares.',
        metrics: [
          metric({
            name: 'Savings groups formed',
            definition:
              'Number of new savings groups that adopted a constitution and held their first savings meeting in the period.',
            unit: 'groups',
            type: 'count',
            dataPoints: [dp('groups_formed', 'Groups formed', { starred: true })],
          }),
        ],
      }),
      activity('a2', 'Deliver financial education sessions', {
        description:
          'Six participatory sessions in groups on budgeting, saving goals, debt management, and understanding fees and consumer rights.',
        metrics: [
          metric({
            name: 'Participants completing financial education',
            definition:
              'Number of participants who attended at least 5 of the 6 financial education sessions.',
            unit: 'people',
            type: 'count',
            disaggregations: [SEX, age('18–24', '25–49', '50+')],
            dataPoints: [
              dp('fin_ed_completers', 'Participants attending ≥5 of 6 sessions', { starred: true }),
            ],
          }),
        ],
      }),
      activity(
        'a3',
        'Link mature groups and members to mobile money and formal financial institutions',
        {
          description:
            'Partnerships with a bank or microfinance institution and a mobile money operator: group accounts, simplified onboarding, agents trained to serve women in the villages.',
          risks:
            'Providers lose interest if volumes are low; agent networks are thin and run out of cash (liquidity).',
          metrics: [
            metric({
              name: 'Account-opening events held with financial service providers',
              definition:
                'Number of village onboarding events where a bank, microfinance or mobile money agent opened accounts for group members.',
              unit: 'events',
              type: 'count',
              dataPoints: [dp('onboarding_events', 'Onboarding events held', { starred: true })],
            }),
          ],
        },
      ),
      activity('a4', 'Hold household dialogues on joint financial decision-making', {
        description:
          'Couples’ sessions on planning household finances together and on women’s use of phones and accounts.',
        risks: 'Backlash from some husbands when women’s economic independence grows.',
        metrics: [
          metric({
            name: 'Couples completing household dialogue sessions',
            definition:
              'Number of couples (both partners) who attended at least 3 of the 4 household dialogue sessions.',
            unit: 'couples',
            type: 'count',
            dataPoints: [
              dp('couples_completed', 'Couples attending ≥3 of 4 sessions', { starred: true }),
            ],
          }),
        ],
      }),
      output('op1', 'Savings groups operate independently with transparent records', {
        metrics: [
          metric({
            name: 'Percentage of groups completing a savings cycle with a share-out',
            definition:
              'Numerator: groups that completed their savings cycle, shared out savings and interest to members and kept complete passbook/ledger records. Denominator: groups whose cycle was due to end in the period.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            formula: percentOf('groups_shared_out', 'groups_cycle_due'),
            dataPoints: [
              dp('groups_shared_out', 'Groups completing a share-out', { starred: true }),
              dp('groups_cycle_due', 'Groups with a cycle due to end'),
            ],
          }),
        ],
      }),
      output('op2', 'Members save and borrow regularly in their groups', {
        metrics: [
          metric({
            name: 'Total savings mobilised by groups',
            definition:
              'Sum of the value of shares purchased by all members of active groups in the period, in local currency, from group ledgers.',
            unit: 'local currency',
            type: 'currency',
            disaggregations: [SEX],
            dataPoints: [dp('savings_value', 'Value of shares purchased', { starred: true })],
          }),
          metric({
            name: 'Loans disbursed by savings groups',
            definition:
              'Number of loans disbursed by groups to members in the period, from group loan ledgers.',
            unit: 'loans',
            type: 'count',
            disaggregations: [
              SEX,
              dim(
                'purpose',
                'Loan purpose',
                'Business',
                'Agriculture',
                'Education',
                'Health',
                'Consumption',
                'Other',
              ),
            ],
            dataPoints: [dp('loans_disbursed', 'Loans disbursed')],
          }),
        ],
      }),
      output('op3', 'Members have a mobile money or formal financial account', {
        metrics: [
          metric({
            name: 'Group members who opened a formal or mobile money account',
            definition:
              'Number of group members who opened an individual account with a bank, microfinance institution or mobile money provider through project onboarding, confirmed by the provider’s list.',
            unit: 'members',
            type: 'count',
            disaggregations: [
              SEX,
              dim('provider', 'Provider type', 'Bank', 'Microfinance institution', 'Mobile money'),
            ],
            dataPoints: [dp('accounts_opened', 'Accounts opened', { starred: true })],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Women make informed financial decisions and control their savings', {
        assumptions: 'Women can attend meetings without losing working time they cannot afford.',
        metrics: [
          metric({
            name: 'Percentage of women members who decide alone or jointly how their savings are used',
            definition:
              'Numerator: women members reporting that they decide alone or jointly with their spouse how their own savings and loans are used. Denominator: women members surveyed.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [age('18–24', '25–49', '50+')],
            formula: percentOf('women_decide', 'women_surveyed'),
            dataPoints: [
              dp('women_decide', 'Women deciding alone or jointly', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Who usually decides how the money you save or borrow in the group is used?',
                    'single_choice',
                    {
                      choices: [
                        'Myself',
                        'Myself and my spouse jointly',
                        'My spouse',
                        'Another household member',
                        'Other',
                      ],
                    },
                  ),
                ],
              }),
              dp('women_surveyed', 'Women members surveyed', {
                aggregation: 'count',
                questions: [
                  q('How long have you been a member of the savings group?', 'single_choice', {
                    choices: [
                      'Less than 6 months',
                      '6–12 months',
                      '1–2 years',
                      'More than 2 years',
                    ],
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Adults use formal or mobile financial accounts', {
        metrics: [
          metric({
            name: 'Proportion of adults with an account at a financial institution or mobile money provider',
            definition:
              'Numerator: adults (18+) in surveyed households who personally have an account at a bank or other financial institution or with a mobile money provider, and used it in the past 12 months. Denominator: adults surveyed. Global Findex definition.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX, LOCATION],
            standardRef: 'SDG 8.10.2',
            formula: percentOf('adults_with_account', 'adults_surveyed'),
            dataPoints: [
              dp('adults_with_account', 'Adults with an account used in the last 12 months', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Do you personally have any of the following?', 'multiple_choice', {
                    choices: [
                      'Bank account',
                      'Microfinance or cooperative account',
                      'Mobile money account',
                      'None of these',
                    ],
                  }),
                  q(
                    'In the past 12 months, have you deposited, withdrawn, sent or received money using this account?',
                    'yes_no',
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
      outcome('oc3', 'long', 'Households cope with shocks without selling productive assets', {
        metrics: [
          metric({
            name: 'Percentage of members who could raise emergency funds within 30 days',
            definition:
              'Numerator: members who say it would be possible (very or somewhat) to come up with a set emergency amount (the local-currency equivalent of 1/20 of GNI per capita) within the next 30 days. Denominator: members surveyed. Adapted from the Global Findex financial resilience question.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX],
            formula: percentOf('members_resilient', 'members_surveyed'),
            dataPoints: [
              dp('members_resilient', 'Members able to raise emergency funds', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Imagine you had an emergency and needed (amount) within the next month. How possible is it that you could come up with it?',
                    'single_choice',
                    {
                      choices: [
                        'Very possible',
                        'Somewhat possible',
                        'Not very possible',
                        'Not at all possible',
                        "Don't know",
                      ],
                    },
                  ),
                  q('What would be the main source of this money?', 'single_choice', {
                    choices: [
                      'Savings',
                      'Savings group loan',
                      'Family or friends',
                      'Moneylender',
                      'Selling assets or livestock',
                      'Working more',
                      'Bank or mobile loan',
                      'Other',
                    ],
                  }),
                ],
              }),
              dp('members_surveyed', 'Members surveyed', {
                aggregation: 'count',
                questions: [q('Are you a current member of a savings group?', 'yes_no')],
              }),
            ],
          }),
        ],
      }),
      impact(
        'im1',
        'Women and their households are financially secure and less vulnerable to poverty',
        {},
      ),
    ],
    links: links(
      'a1>op1',
      'a2>op1',
      'a1>op2',
      'a2>op2',
      'a3>op3',
      'a4>op2',
      { link: 'op2>oc1', assumptions: 'Husbands accept women keeping and managing savings.' },
      'op1>oc1',
      'op3>oc2',
      'op2>oc3',
      'oc1>oc2',
      'oc1>oc3',
      'oc2>oc3',
      'oc3>im1',
    ),
  },
};
