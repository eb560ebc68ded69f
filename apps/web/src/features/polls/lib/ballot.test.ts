import { describe, expect, it } from 'vitest';
import { ballotState, choiceLimit, sameChoice, toggleChoice } from './ballot';

const options = [1, 2, 3, 4].map((id) => ({ id, text: `o${id}` }));
const single = { multiple: false, max_choices: 1, options };
const upToTwo = { multiple: true, max_choices: 2, options };
const any = { multiple: true, max_choices: null, options };

describe('toggleChoice', () => {
  it('replaces the choice of a single-choice poll', () => {
    expect(toggleChoice([1], 3, single)).toEqual([3]);
  });

  it('adds up to max_choices and no further, and unticks', () => {
    expect(toggleChoice([1], 2, upToTwo)).toEqual([1, 2]);
    expect(toggleChoice([1, 2], 3, upToTwo)).toEqual([1, 2]);
    expect(toggleChoice([1, 2], 1, upToTwo)).toEqual([2]);
  });

  it('allows every option when there is no limit', () => {
    expect(choiceLimit(any)).toBe(4);
    expect(toggleChoice([1, 2, 3], 4, any)).toEqual([1, 2, 3, 4]);
    expect(choiceLimit(single)).toBe(1);
  });
});

describe('ballotState', () => {
  it('lets a voter choose while active, and change or withdraw only when allowed', () => {
    expect(ballotState({ status: 'active', allow_change: false, my_vote: [] })).toEqual({
      voted: false,
      canChoose: true,
      canWithdraw: false,
    });
    expect(ballotState({ status: 'active', allow_change: false, my_vote: [1] })).toEqual({
      voted: true,
      canChoose: false,
      canWithdraw: false,
    });
    expect(ballotState({ status: 'active', allow_change: true, my_vote: [1] })).toEqual({
      voted: true,
      canChoose: true,
      canWithdraw: true,
    });
  });

  it('closes voting on finished and canceled polls', () => {
    for (const status of ['finished', 'canceled'] as const) {
      expect(ballotState({ status, allow_change: true, my_vote: [1] }).canChoose).toBe(false);
      expect(ballotState({ status, allow_change: true, my_vote: [1] }).canWithdraw).toBe(false);
    }
  });

  it('compares ballots regardless of order', () => {
    expect(sameChoice([1, 2], [2, 1])).toBe(true);
    expect(sameChoice([1], [1, 2])).toBe(false);
  });
});
