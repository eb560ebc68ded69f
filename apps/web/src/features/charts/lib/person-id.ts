/**
 * The person id of a chart's URL, or null when no person could have it. The genealogy feature's
 * `idParam` does the same; taking it from there would pull that feature's shared chunk apart.
 */
export function chartPersonId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
