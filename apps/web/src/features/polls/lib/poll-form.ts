import { CreatePollInput, POLL_LIMITS, UpdatePollInput, type Poll } from '@bagysh/shared';
import type { z } from 'zod';
import { fromDateTimeLocal, toDateTimeLocal } from './time';

/** What the poll dialog edits: inputs as the user types them. */
export interface PollFormValues {
  question: string;
  description: string;
  options: { key: number; text: string }[];
  multiple: boolean;
  /** '' for no limit. */
  maxChoices: string;
  anonymous: boolean;
  allowChange: boolean;
  /** A `datetime-local` value, '' for none. */
  closesAt: string;
}

/** Messages per field: `question`, `options` (the list), `options.2` (one option), … */
export type PollFormErrors = Record<string, string>;

let nextKey = 1;
/** A stable React key for a new option row. */
export function optionRow(text = '') {
  return { key: nextKey++, text };
}

export function emptyPollForm(): PollFormValues {
  return {
    question: '',
    description: '',
    options: [optionRow(), optionRow()],
    multiple: false,
    maxChoices: '',
    anonymous: true,
    allowChange: true,
    closesAt: '',
  };
}

export function pollFormFromPoll(poll: Poll): PollFormValues {
  return {
    question: poll.question,
    description: poll.description,
    options: poll.options.map((option) => optionRow(option.text)),
    multiple: poll.multiple,
    maxChoices: poll.multiple && poll.max_choices !== null ? String(poll.max_choices) : '',
    anonymous: poll.anonymous,
    allowChange: poll.allow_change,
    closesAt: toDateTimeLocal(poll.closes_at),
  };
}

/** Moves the option at `index` by `delta` places (no-op at the ends). */
export function moveOption<T>(options: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= options.length) return options;
  const next = [...options];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function maxChoicesValue(values: PollFormValues): number | null {
  const text = values.maxChoices.trim();
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** The raw `POST /api/polls/` body of the form (before validation). */
export function createBody(values: PollFormValues) {
  return {
    question: values.question,
    description: values.description,
    options: values.options.map((option) => option.text),
    multiple: values.multiple,
    ...(values.multiple ? { max_choices: maxChoicesValue(values) } : {}),
    anonymous: values.anonymous,
    allow_change: values.allowChange,
    closes_at: fromDateTimeLocal(values.closesAt),
  };
}

/**
 * The `PATCH` body: all fields while nobody has voted, else only what the API still allows
 * (description and closes_at). A closes_at the user did not touch is left out, so a poll
 * whose deadline is in the past is not refused for it.
 */
export function updateBody(values: PollFormValues, poll: Poll, frozen: boolean) {
  const closesAt =
    values.closesAt === toDateTimeLocal(poll.closes_at)
      ? {}
      : { closes_at: fromDateTimeLocal(values.closesAt) };
  if (frozen) return { description: values.description, ...closesAt };
  const { closes_at: _ignored, ...rest } = createBody(values);
  return { ...rest, max_choices: values.multiple ? maxChoicesValue(values) : 1, ...closesAt };
}

/** The first message per field of a zod error, keyed like the API's 400 field errors. */
export function issuesToErrors(error: z.ZodError): PollFormErrors {
  const errors: PollFormErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? 'question' : issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The API's 400 field errors (`{field: [message]}`) as form errors. */
export function apiFieldErrors(fieldErrors: Record<string, string[]>): PollFormErrors {
  const errors: PollFormErrors = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const message = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof message === 'string') errors[key] = message;
  }
  return errors;
}

export type PollFormResult<T> = { ok: true; body: T } | { ok: false; errors: PollFormErrors };

/** Validates the form with the shared schema of `POST /api/polls/`. */
export function validateCreate(values: PollFormValues): PollFormResult<CreatePollInput> {
  const parsed = CreatePollInput.safeParse(createBody(values));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: issuesToErrors(parsed.error) };
}

/** Validates an edit with the shared `PATCH` schema (and the create rules while not frozen). */
export function validateUpdate(
  values: PollFormValues,
  poll: Poll,
  frozen: boolean,
): PollFormResult<UpdatePollInput> {
  if (!frozen) {
    const whole = CreatePollInput.safeParse({
      ...createBody(values),
      closes_at: undefined,
    });
    if (!whole.success) return { ok: false, errors: issuesToErrors(whole.error) };
  }
  const parsed = UpdatePollInput.safeParse(updateBody(values, poll, frozen));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: issuesToErrors(parsed.error) };
}

export const canAddOption = (values: PollFormValues) =>
  values.options.length < POLL_LIMITS.maxOptions;
export const canRemoveOption = (values: PollFormValues) =>
  values.options.length > POLL_LIMITS.minOptions;
