/** A standalone SVG file of a chart and its size in CSS pixels. */
export interface ChartSvg {
  svg: string;
  width: number;
  height: number;
}

const RUNES = /[\u{10C00}-\u{10C4F}]/u;

/** True when the SVG shows Old Turkic runes (and so needs their font embedded). */
export function hasRunes({ svg }: ChartSvg): boolean {
  return RUNES.test(svg);
}

/**
 * What a file must carry inside, since it leaves the page behind: the rune font and the photos.
 * A chart's `build(assets)` draws itself with them; without them it draws what it can.
 */
export interface ChartAssets {
  /** The rune font as a data: URL. */
  runeFont?: string;
  /** Image URL → that image as a data: URL; a URL missing here could not be fetched. */
  images?: ReadonlyMap<string, string>;
}

export type BuildChartSvg = (assets?: ChartAssets) => ChartSvg;

/**
 * How a chart draws its file and print copy: `draw` with the code that `load` brings (the
 * chart's SVG builder), which no page needs for its first paint.
 */
export interface ChartSvgSource<M> {
  load: () => Promise<M>;
  draw: (code: M, assets?: ChartAssets) => ChartSvg;
}

/** A fetched file as a data: URL of the given type. */
async function asDataUrl(response: Response, type: string): Promise<string> {
  let binary = '';
  for (const byte of new Uint8Array(await response.arrayBuffer())) {
    binary += String.fromCharCode(byte);
  }
  return `data:${type};base64,${btoa(binary)}`;
}

let fontDataUrl: Promise<string> | null = null;

/** The WOFF2 font file at `url` as a data: URL, fetched once. */
export function fontAsDataUrl(url: string): Promise<string> {
  fontDataUrl ??= (async () => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Font ${url}: HTTP ${response.status}`);
    return await asDataUrl(response, 'font/woff2');
  })().catch((error: unknown) => {
    // A failed fetch is not remembered: the next export tries again.
    fontDataUrl = null;
    throw error;
  });
  return fontDataUrl;
}

/**
 * The images at `urls` as data: URLs, each fetched once, at most `limit` at a time. One that
 * cannot be fetched (or is not an image) is left out: its box draws the placeholder instead.
 */
export async function imagesAsDataUrls(
  urls: Iterable<string>,
  limit = 4,
): Promise<Map<string, string>> {
  const queue = [...new Set(urls)];
  const images = new Map<string, string>();
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        const response = await fetch(url);
        const type = response.headers.get('Content-Type')?.split(';')[0]?.trim() ?? '';
        if (response.ok && type.startsWith('image/')) {
          images.set(url, await asDataUrl(response, type));
        }
      } catch {
        // Left out: the placeholder is drawn.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
  return images;
}

/** Largest scale ≤ `wanted` that keeps the canvas within what browsers will allocate. */
export function pngScale(width: number, height: number, wanted = 2): number {
  const maxSide = 16_384;
  const maxArea = 64_000_000;
  return Math.max(
    0.05,
    Math.min(wanted, maxSide / width, maxSide / height, Math.sqrt(maxArea / (width * height))),
  );
}

/** Draws an SVG (from {@link buildChartSvg}) on a white canvas and encodes it as PNG. */
export async function svgToPngBlob(
  { svg, width, height }: ChartSvg,
  wantedScale = 2,
): Promise<Blob> {
  const scale = pngScale(width, height, wantedScale);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    const loaded = new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('The chart SVG could not be loaded as an image'));
    });
    image.src = url;
    await loaded;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D is not available');
    context.fillStyle = '#FFFFFF';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))),
        'image/png',
      );
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function svgBlob({ svg }: ChartSvg): Blob {
  return new Blob([svg], { type: 'image/svg+xml;charset=utf-8' });
}

/** Saves a blob through a temporary download link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns; free the URL a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
