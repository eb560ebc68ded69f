import { pollValidationMessages, type Poll } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import {
  apiFieldErrors,
  emptyPollForm,
  moveOption,
  optionRow,
  pollFormFromPoll,
  validateCreate,
  validateUpdate,
  type PollFormValues,
} from './poll-form';

function form(overrides: Partial<PollFormValues> = {}): PollFormValues {
  return {
    ...emptyPollForm(),
    question: 'Той качан болот?',
    options: [optionRow('Жайында'), optionRow('Күзүндө')],
    ...overrides,
  };
}

const poll: Poll = {
  id: 5,
  question: 'Q',
  description: 'D',
  status: 'active',
  multiple: true,
  max_choices: 2,
  anonymous: false,
  allow_change: true,
  closes_at: '2099-01-01T10:00:00.000Z',
  closed_at: null,
  closed_by: null,
  cancel_reason: null,
  options: [
    { id: 1, text: 'A' },
    { id: 2, text: 'B' },
    { id: 3, text: 'C' },
  ],
  my_vote: [],
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  total_voters: 0,
  results: null,
};

describe('validateCreate', () => {
  it('builds the POST body with defaults', () => {
    const result = validateCreate(form());
    expect(result).toEqual({
      ok: true,
      body: {
        question: 'Той качан болот?',
        description: '',
        options: ['Жайында', 'Күзүндө'],
        multiple: false,
        anonymous: true,
        allow_change: true,
        closes_at: null,
      },
    });
  });

  it('sends max_choices only for multiple choice ("" is no limit)', () => {
    const limited = validateCreate(
      form({
        multiple: true,
        maxChoices: '2',
        options: [optionRow('a'), optionRow('b'), optionRow('c')],
      }),
    );
    expect(limited.ok && limited.body.max_choices).toBe(2);
    const unlimited = validateCreate(form({ multiple: true, maxChoices: '' }));
    expect(unlimited.ok && unlimited.body.max_choices).toBeNull();
  });

  it('refuses too few, duplicate and empty options with per-field messages', () => {
    const few = validateCreate(form({ options: [optionRow('only')] }));
    expect(few.ok).toBe(false);
    expect(!few.ok && few.errors.options).toBeTruthy();

    const duplicate = validateCreate(form({ options: [optionRow('Ооба'), optionRow(' ооба ')] }));
    expect(!duplicate.ok && duplicate.errors['options.1']).toBe(
      pollValidationMessages.duplicateOption,
    );

    const empty = validateCreate(form({ question: ' ', options: [optionRow('a'), optionRow('')] }));
    expect(!empty.ok && Object.keys(empty.errors).sort()).toEqual(['options.1', 'question']);
  });

  it('refuses max_choices over the option count and a past closes_at', () => {
    const over = validateCreate(form({ multiple: true, maxChoices: '5' }));
    expect(!over.ok && over.errors.max_choices).toBe(pollValidationMessages.maxChoicesOverOptions);
    const past = validateCreate(form({ closesAt: '2000-01-01T10:00' }));
    expect(!past.ok && past.errors.closes_at).toBe(pollValidationMessages.closesAtInPast);
  });
});

describe('validateUpdate', () => {
  it('sends only description and a changed closes_at once frozen', () => {
    const values = { ...pollFormFromPoll(poll), question: 'ignored', description: 'New' };
    expect(validateUpdate(values, poll, true)).toEqual({
      ok: true,
      body: { description: 'New' },
    });
    const moved = validateUpdate({ ...values, closesAt: '2099-02-01T10:00' }, poll, true);
    expect(moved.ok && moved.body.closes_at).toBe(new Date('2099-02-01T10:00').toISOString());
  });

  it('sends every field before anyone voted, and validates them', () => {
    const values = pollFormFromPoll(poll);
    const result = validateUpdate(values, poll, false);
    expect(result.ok && result.body).toEqual({
      question: 'Q',
      description: 'D',
      options: ['A', 'B', 'C'],
      multiple: true,
      max_choices: 2,
      anonymous: false,
      allow_change: true,
    });
    const bad = validateUpdate({ ...values, options: [optionRow('A')] }, poll, false);
    expect(bad.ok).toBe(false);
  });
});

describe('helpers', () => {
  it('moves options within bounds', () => {
    expect(moveOption(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveOption(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveOption(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('takes the first API message per field', () => {
    expect(apiFieldErrors({ question: ['x', 'y'], 'options.1': ['z'] })).toEqual({
      question: 'x',
      'options.1': 'z',
    });
  });
});
