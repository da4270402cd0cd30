// Draws the app icon (build/icon.png, 1024 x 1024) from code: a dark rounded square, a gauge ring
// and three rising bars, in the console's colours. No image editor, nothing downloaded; run it
// again after changing it: node build/make-icon.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SIZE = 1024;
const SAMPLES = 4; // per axis, for anti-aliased edges

const BG_TOP = [24, 32, 48];
const BG_BOTTOM = [16, 22, 34];
const RING = [45, 212, 191];
const BAR = [96, 165, 250];

function roundedSquare(x, y) {
  const r = 0.2;
  const half = 0.44;
  const dx = Math.max(Math.abs(x) - (half - r), 0);
  const dy = Math.max(Math.abs(y) - (half - r), 0);
  return Math.hypot(dx, dy) <= r;
}

function ring(x, y) {
  const d = Math.hypot(x, y);
  if (d < 0.25 || d > 0.33) return false;
  // An open gauge: leave a gap at the lower right.
  const a = Math.atan2(y, x);
  return !(a > 0.15 && a < 1.2);
}

function bars(x, y) {
  const heights = [0.1, 0.17, 0.24];
  return heights.some((h, i) => {
    const left = -0.13 + i * 0.1;
    return x >= left && x <= left + 0.065 && y <= 0.12 && y >= 0.12 - h;
  });
}

function colourAt(x, y) {
  if (!roundedSquare(x, y)) return null;
  if (bars(x, y)) return BAR;
  if (ring(x, y)) return RING;
  const t = (y + 0.5) / 1;
  return BG_TOP.map((c, i) => Math.round(c + (BG_BOTTOM[i] - c) * t));
}

const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
for (let py = 0; py < SIZE; py++) {
  raw[py * (SIZE * 4 + 1)] = 0; // filter: none
  for (let px = 0; px < SIZE; px++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const x = (px + (sx + 0.5) / SAMPLES) / SIZE - 0.5;
        const y = (py + (sy + 0.5) / SAMPLES) / SIZE - 0.5;
        const c = colourAt(x, y);
        if (!c) continue;
        r += c[0];
        g += c[1];
        b += c[2];
        a += 1;
      }
    }
    const o = py * (SIZE * 4 + 1) + 1 + px * 4;
    raw[o] = a ? Math.round(r / a) : 0;
    raw[o + 1] = a ? Math.round(g / a) : 0;
    raw[o + 2] = a ? Math.round(b / a) : 0;
    raw[o + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = fileURLToPath(new URL('./icon.png', import.meta.url));
writeFileSync(out, png);
console.log(`wrote ${out} (${SIZE}x${SIZE}, ${png.length} bytes)`);
