/** The part of fontkit (pdfkit's font engine, no types of its own) that print/ uses. */
declare module 'fontkit' {
  /** A parsed font; pdfkit lays text out and embeds subsets with it. */
  export interface FontkitFont {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array): FontkitFont;
}
