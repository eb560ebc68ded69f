const pad = (value: number) => String(value).padStart(2, '0');

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "22.11.2026": the Kyrgyz way of writing a date, in the browser's time zone, whatever locale
 * data the browser has (Chromium's 'ky' formats are not Kyrgyz). '' for a missing or bad value.
 */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}` : '';
}

/** "22.11.2026 14:05"; '' for a missing or bad value. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? `${formatDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}
