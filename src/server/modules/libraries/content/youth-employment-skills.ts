import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  age,
  DISABILITY,
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

const YOUTH_AGE = age('15–19', '20–24', '25–29');
const TRADE = dim(
  'trade',
  'Trade',
  'Construction',
  'Electrical/solar',
  'Tailoring',
  'Hospitality',
  'ICT',
  'Agribusiness',
  'Other',
);

export const youthEmploymentSkills: LibraryEntry = {
  slug: 'youth-employment-skills',
  kind: 'problem',
  sector: 'livelihoods',
  title: 'Young people are out of work and out of training',
  summary:
    'Young people leave school without the skills or contacts to find work, and many are not in employment, education or training. Market-led courses, apprenticeships, life skills and job matching, measured with jobs six months on, earnings and the NEET rate (SDG 8.6.1).',
  template: {
    problem: {
      title: 'Young people are out of work and out of training',
      statement:
        'A large share of young people aged 15–29 in the target towns are not in employment, education or training (NEET), with higher rates for young women and youth with disabilities. Those who work are mostly in irregular, low-paid informal jobs without contracts or social protection.',
      rootCauses:
        'Training supply not matched to local labour demand; little practical, work-based learning; weak soft skills (communication, reliability, problem-solving); no information or networks to find jobs; lack of start-up capital for self-employment; gender norms that steer young women away from paid work or into a few low-paid trades; employers’ reluctance to hire inexperienced youth.',
      populationWho:
        'Young women and men aged 15–29 who are out of school and unemployed or underemployed, including youth with disabilities',
      populationCount: null,
      geography: 'Secondary towns and their surrounding rural areas',
      evidence:
        'ILO, “Global Employment Trends for Youth”: youth are several times more likely than adults to be unemployed, and roughly one in five young people worldwide is NEET, with young women over-represented. Reviews of active labour market programmes (e.g. Kluve et al., 2019, World Development) find larger effects for programmes that combine training with work-based learning and employment services. SDG 8.6.1 tracks the NEET rate. Local evidence: a labour market assessment with employers.',
    },
    elements: [
      activity('a1', 'Carry out a labour market assessment with employers', {
        description:
          'Interviews and a survey with employers and business associations to identify growing trades, skills gaps and the number of placements they can offer; repeated yearly.',
        metrics: [
          metric({
            name: 'Employers engaged in the labour market assessment',
            definition:
              'Number of employers who completed the skills-demand interview or survey and stated the number of trainees or hires they could take.',
            unit: 'employers',
            type: 'count',
            period: 'annual',
            dataPoints: [dp('employers_engaged', 'Employers engaged', { starred: true })],
          }),
        ],
      }),
      activity('a2', 'Deliver market-led technical short courses with certification', {
        description:
          'Three- to six-month competency-based courses in demand-driven trades with a recognised certificate, with childcare support and stipends so young women can take part.',
        risks: 'Training providers lack up-to-date equipment or qualified instructors.',
        metrics: [
          metric({
            name: 'Youth enrolled in technical short courses',
            definition:
              'Number of young people who started a course and attended at least the first two weeks.',
            unit: 'youth',
            type: 'count',
            disaggregations: [SEX, YOUTH_AGE, DISABILITY],
            dataPoints: [dp('youth_enrolled', 'Youth enrolled', { starred: true })],
          }),
        ],
      }),
      activity('a3', 'Place trainees in apprenticeships and work-based learning with employers', {
        description:
          'Two- to three-month placements under a signed agreement with a workplace mentor, a stipend and insurance.',
        assumptions: 'Employers see enough value in trainees to host them and mentor them.',
        metrics: [
          metric({
            name: 'Apprenticeship placements started',
            definition:
              'Number of trainees who started a work-based placement under a signed agreement with an employer.',
            unit: 'placements',
            type: 'count',
            disaggregations: [SEX, TRADE],
            dataPoints: [dp('placements_started', 'Placements started', { starred: true })],
          }),
        ],
      }),
      activity('a4', 'Run life-skills training and job-matching services', {
        description:
          'Soft-skills modules (communication, teamwork, financial literacy), CV and interview preparation, job fairs, and a referral service matching graduates to vacancies.',
        metrics: [
          metric({
            name: 'Youth referred to vacancies',
            definition:
              'Number of graduates referred by the job-matching service to a specific vacancy or job interview.',
            unit: 'youth',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [dp('youth_referred', 'Youth referred', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Youth complete training with a recognised certificate', {
        metrics: [
          metric({
            name: 'Percentage of enrolled youth who complete their course and pass the competency assessment',
            definition:
              'Numerator: enrolled youth who completed the course and passed the final competency assessment (certificate issued). Denominator: youth enrolled in courses ending in the period.',
            unit: '%',
            type: 'percentage',
            disaggregations: [SEX, DISABILITY, TRADE],
            formula: percentOf('youth_certified', 'youth_enrolled_cohort'),
            dataPoints: [
              dp('youth_certified', 'Youth certified', { starred: true }),
              dp('youth_enrolled_cohort', 'Youth enrolled in courses ending in the period'),
            ],
          }),
        ],
      }),
      output('op2', 'Trainees complete work-based placements', {
        metrics: [
          metric({
            name: 'Apprenticeships completed',
            definition:
              'Number of trainees who completed their full placement period with a satisfactory mentor evaluation.',
            unit: 'apprenticeships',
            type: 'count',
            disaggregations: [SEX, TRADE],
            dataPoints: [
              dp('apprenticeships_completed', 'Apprenticeships completed', { starred: true }),
            ],
          }),
        ],
      }),
      output('op3', 'Graduates are job-ready and connected to employers', {
        metrics: [
          metric({
            name: 'Graduates completing life-skills and job-readiness training',
            definition:
              'Number of youth who attended at least 80% of the life-skills sessions and have a CV prepared with the job-matching service.',
            unit: 'youth',
            type: 'count',
            disaggregations: [SEX, YOUTH_AGE],
            dataPoints: [dp('youth_job_ready', 'Youth job-ready', { starred: true })],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Graduates find work or start a business within six months', {
        assumptions: 'Labour demand in the chosen trades holds up over the training period.',
        metrics: [
          metric({
            name: 'Percentage of graduates employed or self-employed six months after training',
            definition:
              'Numerator: graduates who worked at least 20 hours a week for pay or profit in the 4 weeks before a tracer survey held 6 months after completing training. Denominator: graduates reached by the tracer survey.',
            unit: '%',
            type: 'percentage',
            disaggregations: [
              SEX,
              DISABILITY,
              dim('employment_type', 'Employment type', 'Wage employment', 'Self-employment'),
            ],
            formula: percentOf('graduates_working', 'graduates_traced'),
            dataPoints: [
              dp('graduates_working', 'Graduates working ≥20 hours a week', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'In the last 4 weeks, did you do any work for pay, profit or in your own business?',
                    'yes_no',
                  ),
                  q(
                    'On average, how many hours a week did you work in the last 4 weeks?',
                    'integer',
                  ),
                  q('Is this work as an employee or in your own business?', 'single_choice', {
                    choices: ['Employee', 'Own business', 'Both', 'Unpaid family work'],
                  }),
                ],
              }),
              dp('graduates_traced', 'Graduates reached by the tracer survey', {
                aggregation: 'count',
                questions: [q('Date you completed the course', 'date')],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Young people earn a decent, regular income', {
        metrics: [
          metric({
            name: 'Average monthly earnings of working graduates',
            definition:
              'Mean net earnings in the last 30 days (wages or business profit) of graduates who are working, 12 months after completing training, in local currency.',
            unit: 'local currency per month',
            type: 'currency',
            period: 'annual',
            disaggregations: [
              SEX,
              dim('employment_type', 'Employment type', 'Wage employment', 'Self-employment'),
            ],
            dataPoints: [
              dp('monthly_earnings', 'Net earnings in the last 30 days', {
                starred: true,
                aggregation: 'average',
                questions: [
                  q(
                    'In the last 30 days, how much did you earn from your work after costs?',
                    'number',
                    { helpText: 'For a business: sales minus costs of stock, materials and rent.' },
                  ),
                ],
              }),
            ],
          }),
          metric({
            name: 'Percentage of employed graduates with a written contract',
            definition:
              'Numerator: graduates in wage employment who have a written contract or appointment letter 12 months after training. Denominator: graduates in wage employment.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX],
            formula: percentOf('graduates_contract', 'graduates_employees'),
            dataPoints: [
              dp('graduates_contract', 'Employees with a written contract', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Do you have a written contract or appointment letter with your employer?',
                    'yes_no',
                  ),
                ],
              }),
              dp('graduates_employees', 'Graduates in wage employment', {
                aggregation: 'count',
                questions: [
                  q('Are you currently working as an employee for someone else?', 'yes_no'),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Fewer young people are not in employment, education or training', {
        metrics: [
          metric({
            name: 'Proportion of youth not in education, employment or training (NEET)',
            definition:
              'Numerator: young people aged 15–24 in surveyed households who in the reference week were not employed and not in education or training. Denominator: all young people aged 15–24 surveyed. Also report 25–29 separately if the programme targets them.',
            unit: '%',
            type: 'percentage',
            direction: 'decrease',
            period: 'annual',
            disaggregations: [SEX, LOCATION],
            standardRef: 'SDG 8.6.1',
            formula: percentOf('youth_neet', 'youth_surveyed'),
            dataPoints: [
              dp('youth_neet', 'Youth NEET', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Last week, did you do any work for pay or profit, even for one hour?',
                    'yes_no',
                  ),
                  q(
                    'Are you currently attending school, university or any training course?',
                    'yes_no',
                  ),
                ],
              }),
              dp('youth_surveyed', 'Youth aged 15–24 surveyed', {
                aggregation: 'count',
                questions: [q('How old are you?', 'integer')],
              }),
            ],
          }),
        ],
      }),
      impact(
        'im1',
        'Young people build secure livelihoods and contribute to their communities',
        {},
      ),
    ],
    links: links(
      'a1>op1',
      'a2>op1',
      'a1>op2',
      'a3>op2',
      'a4>op3',
      { link: 'op1>oc1', assumptions: 'Employers recognise the certificate.' },
      'op2>oc1',
      'op3>oc1',
      'op2>oc2',
      'oc1>oc2',
      'oc1>oc3',
      'oc2>im1',
      'oc3>im1',
    ),
  },
};
