import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { iconShapes } from '../src/web/components/icon-shapes.ts';
import { rasterIcons } from '../src/web/components/raster-icon-set.ts';
import { DRAWN_PX, iconSvg, rasterIconsCss } from './vite-raster-icons.ts';

const names = Object.keys(rasterIcons) as Array<keyof typeof rasterIcons>;

async function spriteOf(css: string) {
  const base64 = /url\(data:image\/png;base64,([^)]+)\)/.exec(css)?.[1];
  if (!base64) throw new Error('no sprite in the style sheet');
  return sharp(Buffer.from(base64, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

describe('raster icons (the sprite the product card draws its icons from)', () => {
  it('holds each icon of the set, in its colour, where its class points', async () => {
    const css = await rasterIconsCss();
    const { data, info } = await spriteOf(css);
    expect([info.width, info.height]).toEqual([DRAWN_PX * names.length, DRAWN_PX]);
    for (const [index, name] of names.entries()) {
      const { shape, color } = rasterIcons[name];
      // The class shows the tile at `index`: with the sprite n tiles wide, x% puts that tile in the element's box.
      const position = Number(new RegExp(`\\.raster-icon-${name}\\{background-position-x:([\\d.]+)%\\}`).exec(css)?.[1]);
      expect(Math.round((position / 100) * (names.length - 1))).toBe(index);
      // Its pixels are the icon drawn alone (up to the palette's rounding), and its opaque pixels are its colour.
      const alone = await sharp(Buffer.from(iconSvg(iconShapes[shape], color)))
        .ensureAlpha()
        .raw()
        .toBuffer();
      let difference = 0;
      const opaque: number[][] = [];
      for (let y = 0; y < DRAWN_PX; y += 1) {
        for (let x = 0; x < DRAWN_PX; x += 1) {
          const at = (y * info.width + index * DRAWN_PX + x) * 4;
          const own = (y * DRAWN_PX + x) * 4;
          difference += Math.abs((data[at + 3] ?? 0) - (alone[own + 3] ?? 0));
          if ((data[at + 3] ?? 0) === 255) opaque.push([data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0]);
        }
      }
      expect(difference / (DRAWN_PX * DRAWN_PX), `${name}: alpha differs from the icon drawn alone`).toBeLessThan(4);
      expect(opaque.length, `${name}: no opaque pixel`).toBeGreaterThan(40);
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(color.slice(at, at + 2), 16));
      const off = opaque.filter(([pr, pg, pb]) => Math.abs(pr! - r!) + Math.abs(pg! - g!) + Math.abs(pb! - b!) > 24);
      expect(off.length, `${name}: opaque pixels of another colour`).toBe(0);
    }
  });
});
