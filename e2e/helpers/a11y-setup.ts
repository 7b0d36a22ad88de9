import { afterAll, afterEach } from 'vitest';
import { takeViolations, throwViolations } from './a11y.js';

// Every end-to-end test fails when a page state it showed had a critical or serious axe-core
// violation or no <h1> (browsers come from launchBrowser, which watches them); what was shown in
// beforeAll or closed in afterAll fails the file.
afterEach(async () => throwViolations(await takeViolations()));
afterAll(async () => throwViolations(await takeViolations()));
