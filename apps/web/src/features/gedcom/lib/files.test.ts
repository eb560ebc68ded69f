import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { failureMessage, pickedFileProblem } from './files';

describe('pickedFileProblem', () => {
  it('takes GEDCOM and GEDZip files, refuses other types and empty files', () => {
    expect(pickedFileProblem({ name: 'Sanjyra.GED', size: 10 })).toBeNull();
    expect(pickedFileProblem({ name: 'tree.zip', size: 10 })).toBeNull();
    expect(pickedFileProblem({ name: 'tree.gdz', size: 10 })).toBeNull();
    expect(pickedFileProblem({ name: 'photo.png', size: 10 })).toMatch(/GEDCOM/);
    expect(pickedFileProblem({ name: 'tree.ged', size: 0 })).toBe('Файл бош.');
  });
});

describe('failureMessage', () => {
  it("shows the server's reason, and plain words for too large and network failures", () => {
    const invalid = new ApiError(409, { detail: '12-сап туура эмес: деңгээл жок' });
    expect(failureMessage(invalid)).toBe('12-сап туура эмес: деңгээл жок');
    expect(failureMessage(new ApiError(413, { detail: 'Сурамдын көлөмү өтө чоң.' }))).toMatch(
      /^Файл өтө чоң/,
    );
    expect(failureMessage(new ApiError(0, undefined))).toMatch(/^Тармак катасы/);
    expect(failureMessage(new ApiError(400, { file: ['GEDCOM файлы жүктөлгөн жок'] }))).toBe(
      'GEDCOM файлы жүктөлгөн жок',
    );
  });
});
