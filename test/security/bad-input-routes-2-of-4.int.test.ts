/**
 * @runs-long: bad input on every state-changing route, part 2 of 4 (bad-input-routes.ts). Hundreds
 * of generated hostile bodies per route as JSON and form-encoded, plus malformed JSON, oversized
 * bodies, wrong content types and empty bodies: never a 5xx, always a refusal, never a partial write.
 */
import { badInputOnRoutes } from './bad-input-routes.js';

badInputOnRoutes(2, 4);
