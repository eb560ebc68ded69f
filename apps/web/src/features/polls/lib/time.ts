/** How long until a poll closes, as the parts the catalogue's `timeLeft` messages take. */
export type TimeLeft =
  | { key: 'days'; days: number; hours: number }
  | { key: 'hours'; hours: number; minutes: number }
  | { key: 'minutes'; minutes: number }
  | { key: 'lessThanMinute' }
  | { key: 'ended' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function timeLeft(closesAt: string, now: number): TimeLeft {
  const left = Date.parse(closesAt) - now;
  if (Number.isNaN(left) || left <= 0) return { key: 'ended' };
  if (left < MINUTE) return { key: 'lessThanMinute' };
  if (left < HOUR) return { key: 'minutes', minutes: Math.floor(left / MINUTE) };
  if (left < DAY) {
    return {
      key: 'hours',
      hours: Math.floor(left / HOUR),
      minutes: Math.floor((left % HOUR) / MINUTE),
    };
  }
  return { key: 'days', days: Math.floor(left / DAY), hours: Math.floor((left % DAY) / HOUR) };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO moment as the value of an `<input type="datetime-local">` (local time, minutes). */
export function toDateTimeLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an ISO moment; '' is null, a malformed value stays as it is. */
export function fromDateTimeLocal(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
