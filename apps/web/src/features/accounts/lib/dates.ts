const pad = (value: number) => String(value).padStart(2, '0');

/** 22.11.2026 — the Kyrgyz way, whatever locale data the browser has. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** 22.11.2026 14:05. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
