import { describe, expect, it } from 'vitest';
import { EXAMPLE_QUESTIONS, matchIntent } from './intents.js';

describe('matchIntent', () => {
  it.each([
    ['Which outcomes have no metric?', { tool: 'outcomes_without_metric', args: {} }],
    ['are there outcomes without indicators', { tool: 'outcomes_without_metric', args: {} }],
    [
      'How is the school attendance metric doing against target in Q2?',
      { tool: 'metric_status', args: { metric: 'school attendance', period: 'q2' } },
    ],
    [
      'What is the status of girls passing in 2026-Q1?',
      { tool: 'metric_status', args: { metric: 'girls passing', period: '2026-q1' } },
    ],
    ['how are sessions held doing', { tool: 'metric_status', args: { metric: 'sessions held' } }],
    [
      'What do girls say about distance to school?',
      { tool: 'search_answers', args: { query: 'distance to school', group: 'female' } },
    ],
    [
      'what do respondents say about teachers',
      { tool: 'search_answers', args: { query: 'teachers' } },
    ],
    ['Show answers mentioning latrines', { tool: 'search_answers', args: { query: 'latrines' } }],
    ['How many responses per form and wave?', { tool: 'response_counts', args: {} }],
    [
      'how many responses for the baseline survey',
      { tool: 'response_counts', args: { form: 'baseline' } },
    ],
    [
      'List metrics about attendance',
      { tool: 'find_records', args: { kind: 'metrics', words: 'attendance' } },
    ],
    ['which problems do we have', { tool: 'find_records', args: { kind: 'problems', words: '' } }],
    [
      'find forms named household',
      { tool: 'find_records', args: { kind: 'forms', words: 'household' } },
    ],
  ])('%s', (question, intent) => {
    expect(matchIntent(question)).toEqual(intent);
  });

  it.each([
    'Write me a donor report',
    'Why do girls drop out?',
    'DROP TABLE metrics; --',
    'hello',
    '',
  ])('understands nothing in “%s”', (question) => {
    expect(matchIntent(question)).toBeNull();
  });

  it('understands each of its own example questions', () => {
    for (const q of EXAMPLE_QUESTIONS) expect(matchIntent(q), q).not.toBeNull();
  });
});
