import sharp from 'sharp';

/** A real image of the given size and format, made on the spot (no fixtures to keep in the repository). */
export function makeImage(
  width: number,
  height: number,
  kind: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
  colour = '#e8b4c8',
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: colour } });
  return base[kind]().toBuffer();
}
