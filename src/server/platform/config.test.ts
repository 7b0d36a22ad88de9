import { expect, it } from 'vitest';
import { loadConfig } from './config.js';

it('reads the summary merge fan-in of the model from the environment, at least 2', () => {
  const base = {
    APP_KEY: 'k',
    DATA_DIR: '/tmp/unused-config-test',
    AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
    AI_API_KEY: 'key',
    AI_MODEL: 'small',
  };
  expect(loadConfig(base).ai).toEqual({
    baseUrl: 'http://127.0.0.1:11434/v1',
    apiKey: 'key',
    model: 'small',
  });
  expect(loadConfig({ ...base, AI_SUMMARY_MERGE_FAN_IN: '3' }).ai?.summaryMergeFanIn).toBe(3);
  expect(() => loadConfig({ ...base, AI_SUMMARY_MERGE_FAN_IN: '1' })).toThrow(
    "AI_SUMMARY_MERGE_FAN_IN must be a number >= 2 (got '1').",
  );
});
