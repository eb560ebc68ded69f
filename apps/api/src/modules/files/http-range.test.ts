import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-9', { kind: 'partial', start: 0, end: 9 }],
    ['bytes=90-', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-5', { kind: 'partial', start: 95, end: 99 }],
    ['bytes=-500', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=50-5000', { kind: 'partial', start: 50, end: 99 }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=9-2', { kind: 'full' }],
    ['bytes=0-1,4-5', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['lines=0-9', { kind: 'full' }],
    ['bytes=a-b', { kind: 'full' }],
  ] as const)('%s of 100 bytes → %j', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it('finds nothing to send in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
