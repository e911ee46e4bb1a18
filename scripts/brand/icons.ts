/**
 * Draws Thrive's icons from the brand colours: public/favicon.svg and the PNGs
 * the web app manifest names. No image library: shapes are rendered with
 * signed distances and 4x4 supersampling, and the PNGs are encoded with
 * node:zlib. Run `npx tsx scripts/brand/icons.ts` after changing the brand.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { brand } from '../../src/config/brand.ts';

type Rgb = [number, number, number];

function hex(colour: string): Rgb {
  const n = Number.parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Distance from (x, y) to the segment a-b, minus the radius: < 0 inside the capsule. */
function capsule(x: number, y: number, ax: number, ay: number, bx: number, by: number, r: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) - r;
}

function circle(x: number, y: number, cx: number, cy: number, r: number): number {
  return Math.hypot(x - cx, y - cy) - r;
}

function roundedSquare(x: number, y: number, radius: number): number {
  const qx = Math.abs(x - 0.5) - (0.5 - radius);
  const qy = Math.abs(y - 0.5) - (0.5 - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/**
 * The Thrive mark in a unit square: a figure with open arms (a head, arms
 * and a body), drawn in the centre `scale` part of the icon.
 */
function mark(x: number, y: number, scale: number): number {
  const u = (x - 0.5) / scale + 0.5;
  const v = (y - 0.5) / scale + 0.5;
  const d = Math.min(
    circle(u, v, 0.5, 0.24, 0.09),
    capsule(u, v, 0.24, 0.4, 0.5, 0.47, 0.055),
    capsule(u, v, 0.76, 0.4, 0.5, 0.47, 0.055),
    capsule(u, v, 0.5, 0.49, 0.5, 0.8, 0.065),
  );
  return d * scale;
}

interface IconSpec {
  file: string;
  size: number;
  /** Corner radius of the tile as a share of the size; 0 fills the square (maskable, Apple). */
  corner: number;
  /** Share of the tile the mark spans (maskable icons keep it in the safe zone). */
  markScale: number;
}

function render(spec: IconSpec): Buffer {
  const { size } = spec;
  const background = hex(brand.primary);
  const foreground = hex(brand.onPrimary);
  const samples = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let ink = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          const inTile = spec.corner === 0 || roundedSquare(x, y, spec.corner) <= 0;
          if (!inTile) continue;
          tile++;
          if (mark(x, y, spec.markScale) <= 0) ink++;
        }
      }
      const total = samples * samples;
      const alpha = tile / total;
      const mix = tile === 0 ? 0 : ink / tile;
      const o = 1 + px * 4;
      for (let c = 0; c < 3; c++) {
        row[o + c] = Math.round(background[c]! * (1 - mix) + foreground[c]! * mix);
      }
      row[o + 3] = Math.round(alpha * 255);
    }
    rows.push(row);
  }
  return png(size, size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number, filteredRgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filteredRgba, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="22" fill="${brand.primary}"/>
  <g fill="none" stroke="${brand.onPrimary}" stroke-linecap="round">
    <path d="M24 40 50 47 76 40" stroke-width="11"/>
    <path d="M50 49V80" stroke-width="13"/>
  </g>
  <circle cx="50" cy="24" r="9" fill="${brand.onPrimary}"/>
</svg>
`;

const ICONS: IconSpec[] = [
  { file: 'icons/icon-192.png', size: 192, corner: 0.22, markScale: 1 },
  { file: 'icons/icon-512.png', size: 512, corner: 0.22, markScale: 1 },
  { file: 'icons/icon-maskable-512.png', size: 512, corner: 0, markScale: 0.72 },
  { file: 'icons/apple-touch-icon.png', size: 180, corner: 0, markScale: 0.85 },
];

const publicDir = path.resolve(import.meta.dirname, '../../public');
mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
writeFileSync(path.join(publicDir, 'favicon.svg'), FAVICON);
for (const icon of ICONS) {
  writeFileSync(path.join(publicDir, icon.file), render(icon));
  console.log(`wrote public/${icon.file}`);
}
console.log('wrote public/favicon.svg');
