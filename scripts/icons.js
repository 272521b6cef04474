// The installed app's icons (packages/web/public/icons): a card with a club on the table's green felt,
// drawn here with pngjs so that the same script always makes the same bytes. Run it again after a
// change of design: `node scripts/icons.js`.
//   icon-192.png, icon-512.png   the card fills most of the square ("any")
//   maskable-512.png             the card within the central circle of 80% that every mask keeps
import { mkdirSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

const FELT = [0x14, 0x53, 0x2d]; // the theme colour (index.html's theme-color)
const CARD = [0xfb, 0xf7, 0xec];
const INK = [0x1c, 0x19, 0x17];

/** Is (x, y), in a unit square, on the card (a rounded rectangle of the given half-size) or on its club? */
function paint(x, y, half) {
  const w = half * 0.72;
  const h = half;
  const r = half * 0.14;
  const dx = Math.max(Math.abs(x - 0.5) - (w - r), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (h - r), 0);
  if (dx * dx + dy * dy > r * r) return FELT;
  // The club: three leaves and a stem, centred on the card.
  const u = (x - 0.5) / half;
  const v = (y - 0.5) / half;
  const leaf = 0.2;
  const inCircle = (cx, cy) => (u - cx) ** 2 + (v - cy) ** 2 <= leaf * leaf;
  const stem = v > 0 && v < 0.42 && Math.abs(u) < 0.04 + v * 0.22;
  if (inCircle(0, -0.2) || inCircle(-0.21, 0.1) || inCircle(0.21, 0.1) || stem) return INK;
  return CARD;
}

/** A square PNG of `size` pixels, each the mean of 4×4 samples (smooth edges). */
function icon(size, half) {
  const png = new PNG({ width: size, height: size, colorType: 2 });
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const c = paint((px + (sx + 0.5) / 4) / size, (py + (sy + 0.5) / 4) / size, half);
          for (let k = 0; k < 3; k++) sum[k] += c[k];
        }
      const i = (py * size + px) * 4;
      for (let k = 0; k < 3; k++) png.data[i + k] = Math.round(sum[k] / 16);
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png, { colorType: 2 });
}

const dir = new URL('../packages/web/public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('icon-192.png', dir), icon(192, 0.42));
writeFileSync(new URL('icon-512.png', dir), icon(512, 0.42));
// The maskable icon's card stays inside the safe circle (radius 0.4): its corners at half-size 0.3.
writeFileSync(new URL('maskable-512.png', dir), icon(512, 0.3));
