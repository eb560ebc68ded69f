import type { Poll } from '@bagysh/shared';

/** The most options a voter may tick in this poll (the option count when unlimited). */
export function choiceLimit(poll: Pick<Poll, 'multiple' | 'max_choices' | 'options'>): number {
  if (!poll.multiple) return 1;
  return poll.max_choices ?? poll.options.length;
}

/** Ticks or unticks an option: a radio replaces, a checkbox adds up to the limit. */
export function toggleChoice(
  selected: readonly number[],
  id: number,
  poll: Pick<Poll, 'multiple' | 'max_choices' | 'options'>,
): number[] {
  if (!poll.multiple) return [id];
  if (selected.includes(id)) return selected.filter((item) => item !== id);
  if (selected.length >= choiceLimit(poll)) return [...selected];
  return [...selected, id];
}

export function sameChoice(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/** What the voter may do with the poll now. */
export function ballotState(poll: Pick<Poll, 'status' | 'allow_change' | 'my_vote'>) {
  const active = poll.status === 'active';
  const voted = poll.my_vote.length > 0;
  return {
    voted,
    /** The options can be ticked. */
    canChoose: active && (!voted || poll.allow_change),
    canWithdraw: active && voted && poll.allow_change,
  };
}
