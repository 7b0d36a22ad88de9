import path from 'node:path';

/** Where journeys save their screenshots (git-ignored; CI keeps the folder). */
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../screenshots');
