import { parseRecordingTime, type TranscriptSegment } from '@bagysh/shared';

/** A segment as the editor holds it: the time as typed. */
export interface DraftSegment {
  key: number;
  time: string;
  speaker: string;
  text: string;
}

/** Where a segment starting at `seconds` goes among segments in time order. */
export function insertionIndex(starts: readonly (number | null)[], seconds: number): number {
  const after = starts.findIndex((start) => start !== null && start > seconds);
  return after === -1 ? starts.length : after;
}

/** The segment playing at `seconds`: the last one started; -1 before the first. */
export function currentSegment(segments: readonly { start: number }[], seconds: number): number {
  let current = -1;
  segments.forEach((segment, i) => {
    if (segment.start <= seconds + 0.05) current = i;
  });
  return current;
}

export type DraftProblem = 'time' | 'text' | 'order';

/** The segments to send, or each draft row's problem. */
export function checkDrafts(
  drafts: readonly DraftSegment[],
): { segments: TranscriptSegment[] } | { problems: (DraftProblem | null)[] } {
  let previous = -1;
  let failed = false;
  const segments: TranscriptSegment[] = [];
  const problems = drafts.map((draft): DraftProblem | null => {
    const start = parseRecordingTime(draft.time);
    let problem: DraftProblem | null = null;
    if (start === null) problem = 'time';
    else if (draft.text.trim() === '') problem = 'text';
    else if (start < previous) problem = 'order';
    if (start !== null) previous = Math.max(previous, start);
    if (problem) failed = true;
    else segments.push({ start: start!, speaker: draft.speaker.trim(), text: draft.text.trim() });
    return problem;
  });
  return failed ? { problems } : { segments };
}
