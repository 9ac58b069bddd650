import type { Plugin } from 'vite';
import { iconShapes, type IconShape } from '../src/web/components/icon-shapes.ts';
import { rasterIcons } from '../src/web/components/raster-icon-set.ts';

const virtualId = 'virtual:raster-icons.css';
const resolvedId = `\0${virtualId}`;
/** Pixels a side each icon is drawn at: three device pixels to the CSS pixel of a 16 px icon (a phone's screen). */
export const DRAWN_PX = 48;

/** One icon as the SVG document sharp draws: the shapes of icons.tsx, stroked in one colour. */
export function iconSvg(shapes: readonly IconShape[], color: string, px = DRAWN_PX): string {
  const elements = shapes
    .map(
      ([tag, attributes]) =>
        `<${tag} ${Object.entries(attributes)
          .map(([name, value]) => `${name}="${value}"`)
          .join(' ')}/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${elements}</svg>`;
}

/**
 * The raster icons' style sheet: every icon of raster-icon-set.ts side by side in one PNG (a data URL: a few KB, in
 * the CSS of the screens that show them), and a class per icon that shows its part of it.
 */
export async function rasterIconsCss(): Promise<string> {
  const { default: sharp } = await import('sharp');
  const names = Object.keys(rasterIcons) as Array<keyof typeof rasterIcons>;
  const tiles = await Promise.all(
    names.map(async (name, index) => {
      const { shape, color } = rasterIcons[name];
      return {
        input: await sharp(Buffer.from(iconSvg(iconShapes[shape], color)))
          .png()
          .toBuffer(),
        left: index * DRAWN_PX,
        top: 0,
      };
    }),
  );
  const sprite = await sharp({ create: { width: DRAWN_PX * names.length, height: DRAWN_PX, channels: 4, background: '#0000' } })
    .composite(tiles)
    .png({ palette: true, effort: 10 })
    .toBuffer();
  const at = (index: number) => (names.length === 1 ? 0 : (index * 100) / (names.length - 1));
  return [
    `.raster-icon{display:inline-block;flex-shrink:0;background:url(data:image/png;base64,${sprite.toString('base64')}) 0 0/${names.length * 100}% 100% no-repeat}`,
    ...names.map((name, index) => `.raster-icon-${name}{background-position-x:${at(index)}%}`),
  ].join('\n');
}

/** `import 'virtual:raster-icons.css'` (src/web/components/raster-icon.tsx) gets the raster icons' style sheet. */
export function rasterIconsPlugin(): Plugin {
  let css: Promise<string> | undefined;
  return {
    name: 'resale-raster-icons',
    resolveId: (id) => (id === virtualId ? resolvedId : undefined),
    load: (id) => (id === resolvedId ? (css ??= rasterIconsCss()) : undefined),
  };
}
