/**
 * Colours and type shared by the live charts, their SVG export and the printed poster, so all
 * look the same.
 */
export const chartStyle = {
  primary: '#E65100',
  selectedFill: '#FFF3E0',
  nodeFill: '#FFFFFF',
  nodeStroke: '#C9BFB5',
  edge: '#A89C90',
  text: '#1F1A17',
  muted: '#6B625B',
  error: '#C62828',
  background: '#FBF8F4',
  // Runes first: their font covers only U+10C00–10C48, so Inter still draws digits (docs/kyrgyz.md,
  // Rune font).
  fontFamily: "'Noto Sans Old Turkic', Inter, 'Noto Sans', 'DejaVu Sans', Arial, sans-serif",
  accent: { M: '#00796B', F: '#AD1457', U: '#9E9E9E' } satisfies Record<'M' | 'F' | 'U', string>,
  /** Pale fills of the same colours, for shapes that carry text (the fan's segments). */
  tint: { M: '#E0F2F1', F: '#FCE4EC', U: '#EEEEEE' } satisfies Record<'M' | 'F' | 'U', string>,
  /** The father line (кан) of the fan: the text shade of the brand colour, AA on white. */
  kan: '#BF360C',
  accentWidth: 6,
  radius: 10,
  /** Expand button under a box: centre below the box's bottom edge, and radius. */
  toggleOffset: 18,
  toggleRadius: 13,
} as const;

/** The part of a rounded box left of x = accentWidth: the coloured edge that tells the sex. */
export function accentPath(height: number): string {
  const r = chartStyle.radius;
  const a = chartStyle.accentWidth;
  const dy = r - Math.sqrt(r * r - (r - a) * (r - a));
  const f = (n: number) => Math.round(n * 100) / 100;
  return (
    `M${a} ${f(dy)}A${r} ${r} 0 0 0 0 ${r}V${height - r}` +
    `A${r} ${r} 0 0 0 ${a} ${f(height - dy)}Z`
  );
}
