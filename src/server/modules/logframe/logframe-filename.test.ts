import { describe, expect, it } from 'vitest';
import { logframeFilename } from './logframe.service.js';

describe('logframeFilename', () => {
  it('makes a safe ASCII name and a readable UTF-8 one from any title', () => {
    expect(logframeFilename('Girls’ education: 2026/27')).toEqual({
      ascii: 'Girls-education-2026-27-logframe.xlsx',
      utf8: 'Girls’ education- 2026-27 - logframe.xlsx',
    });
    expect(logframeFilename('Éducation des filles')).toMatchObject({
      ascii: 'Education-des-filles-logframe.xlsx',
    });
    expect(logframeFilename('"; evil\r\nX-Header: 1')).toEqual({
      ascii: 'evil-X-Header-1-logframe.xlsx',
      utf8: '-; evil-X-Header- 1 - logframe.xlsx',
    });
    expect(logframeFilename('../../etc/passwd').ascii).toBe('etc-passwd-logframe.xlsx');
    expect(logframeFilename('水').ascii).toBe('problem-logframe.xlsx');
    expect(logframeFilename('x'.repeat(500)).ascii.length).toBeLessThanOrEqual(
      80 + '-logframe.xlsx'.length,
    );
  });
});
