import { describe, expect, it } from 'vitest';
import { validateAnswers } from './answers.js';
import { checkFile, fileSettings, FILE_MAX_MB_CAP, MB } from './files.js';
import type { QuestionDef } from './questions.js';

const q = (validation: QuestionDef['validation'] = {}, required = false): QuestionDef => ({
  key: 'photo',
  type: 'file',
  label: 'Photo',
  hint: null,
  required,
  requiredMessage: null,
  defaultValue: null,
  choices: [],
  allowOther: false,
  scale: null,
  validation,
});
const ok = {
  fileId: '0b8f7a52-3c1e-4d3a-9a51-0e6f2b8c1d11',
  name: 'pump.png',
  size: 1200,
  type: 'image/png',
};

describe('file answers', () => {
  it('defaults to photos up to 10 MB and never allows more than 25 MB', () => {
    expect(fileSettings(q())).toMatchObject({ kinds: 'photo', maxMb: 10 });
    expect(fileSettings(q({ maxSizeMb: 400 })).maxMb).toBe(FILE_MAX_MB_CAP);
    expect(fileSettings(q({ fileKinds: 'any' })).types).toContain('application/pdf');
  });

  it('accepts an upload’s answer and refuses a bad id, size or type', () => {
    expect(checkFile(q(), ok)).toEqual({ value: ok });
    expect(checkFile(q(), 'pump.png').error).toBe('Attach a JPEG, PNG or WebP photo.');
    expect(checkFile(q(), { ...ok, fileId: '../etc' }).error).toMatch(/Attach/);
    expect(checkFile(q(), { ...ok, size: 0 }).error).toMatch(/empty/);
    expect(checkFile(q({ maxSizeMb: 1 }), { ...ok, size: MB + 1 }).error).toBe(
      'The file is larger than 1 MB: choose a smaller one.',
    );
    expect(checkFile(q(), { ...ok, type: 'application/pdf' }).error).toBe(
      'Choose a JPEG, PNG or WebP photo.',
    );
    expect(checkFile(q({ fileKinds: 'document' }), ok).error).toBe('Choose a PDF.');
    expect(checkFile(q({ fileKinds: 'any' }), { ...ok, type: 'image/gif' }).error).toMatch(/PDF/);
  });

  it('runs in validateAnswers: required, and the value kept', () => {
    expect(validateAnswers([q({}, true)], {}).errors).toEqual({
      photo: 'This question needs an answer.',
    });
    expect(validateAnswers([q()], { photo: ok }).values).toEqual({ photo: ok });
    expect(validateAnswers([q()], { photo: { ...ok, type: 'text/html' } }).errors.photo).toMatch(
      /Choose/,
    );
  });
});
