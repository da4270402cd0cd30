import { crc32, deflateSync } from 'node:zlib';

/**
 * The tray icon, drawn from code (like build/make-icon.mjs draws the app icon): the console's
 * gauge ring on a dark rounded square, and a red dot when a watched server is down. PNG, so
 * Electron reads it the same on every OS (a raw bitmap's layout is the platform's).
 */

const BG: readonly [number, number, number] = [24, 32, 48];
const RING: readonly [number, number, number] = [45, 212, 191];
const ALERT: readonly [number, number, number] = [239, 68, 68];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA image as PNG. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per channel
  ihdr[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // no filter
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(rows, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The tray icon at `size` pixels, with the red dot when `alert`. */
export function trayIconPng(alert: boolean, size = 32): Buffer {
  const px = new Uint8Array(size * size * 4);
  const put = (i: number, [r, g, b]: readonly [number, number, number], a: number) => {
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
    px[i + 3] = a;
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Centre of the pixel in -0.5..0.5.
      const u = (x + 0.5) / size - 0.5;
      const v = (y + 0.5) / size - 0.5;
      const i = (y * size + x) * 4;
      const r = 0.12;
      const dx = Math.max(Math.abs(u) - (0.48 - r), 0);
      const dy = Math.max(Math.abs(v) - (0.48 - r), 0);
      if (Math.hypot(dx, dy) > r) continue;
      const d = Math.hypot(u, v);
      const onRing = d > 0.22 && d < 0.33 && !(Math.atan2(v, u) > 0.15 && Math.atan2(v, u) < 1.2);
      put(i, onRing ? RING : BG, 255);
      if (alert && Math.hypot(u - 0.3, v + 0.3) < 0.19) put(i, ALERT, 255);
    }
  }
  return encodePng(size, size, px);
}
