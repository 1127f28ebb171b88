/**
 * Stylised illustrations as SVG strings: buildings per property type, rooms, skylines, logos, avatars. Each
 * drawing takes its own Random, so a picture depends only on its name and never on what was drawn before it.
 * Pure string building; images.ts renders them to WebP.
 */
import type { PropertyType } from '../enums';
import { Random } from './random';

export interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  building: string;
  buildingShade: string;
  window: string;
  ground: string;
  accent: string;
}

export const PALETTES: readonly Palette[] = [
  { skyTop: '#1e3a8a', skyBottom: '#f59e0b', sun: '#fde68a', building: '#e2e8f0', buildingShade: '#94a3b8', window: '#fef3c7', ground: '#3f6212', accent: '#f97316' },
  { skyTop: '#0ea5e9', skyBottom: '#e0f2fe', sun: '#fffbeb', building: '#f8fafc', buildingShade: '#cbd5e1', window: '#38bdf8', ground: '#65a30d', accent: '#0284c7' },
  { skyTop: '#4c1d95', skyBottom: '#f472b6', sun: '#fde047', building: '#ede9fe', buildingShade: '#a78bfa', window: '#fef9c3', ground: '#365314', accent: '#db2777' },
  { skyTop: '#0f766e', skyBottom: '#ccfbf1', sun: '#fef3c7', building: '#f0fdfa', buildingShade: '#99f6e4', window: '#115e59', ground: '#4d7c0f', accent: '#0d9488' },
  { skyTop: '#7c2d12', skyBottom: '#fdba74', sun: '#fff7ed', building: '#fff7ed', buildingShade: '#fdba74', window: '#7c2d12', ground: '#57534e', accent: '#ea580c' },
  { skyTop: '#1e293b', skyBottom: '#475569', sun: '#e2e8f0', building: '#334155', buildingShade: '#1e293b', window: '#facc15', ground: '#0f172a', accent: '#eab308' },
  { skyTop: '#2563eb', skyBottom: '#bfdbfe', sun: '#ffffff', building: '#fefce8', buildingShade: '#fde68a', window: '#1d4ed8', ground: '#15803d', accent: '#ca8a04' },
  { skyTop: '#be123c', skyBottom: '#fecdd3', sun: '#fff1f2', building: '#fff1f2', buildingShade: '#fda4af', window: '#881337', ground: '#3f6212', accent: '#e11d48' },
  { skyTop: '#166534', skyBottom: '#dcfce7', sun: '#fefce8', building: '#f7fee7', buildingShade: '#bef264', window: '#14532d', ground: '#166534', accent: '#65a30d' },
  { skyTop: '#6d28d9', skyBottom: '#c4b5fd', sun: '#faf5ff', building: '#f5f3ff', buildingShade: '#c4b5fd', window: '#4c1d95', ground: '#3f3f46', accent: '#7c3aed' },
];

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function frame(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

function skyAndGround(width: number, height: number, horizon: number, palette: Palette, random: Random): { defs: string; body: string } {
  const defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient>` +
    `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.ground}"/><stop offset="1" stop-color="#1c1917"/></linearGradient>`;
  const sunX = random.int(Math.round(width * 0.1), Math.round(width * 0.9));
  const sunY = random.int(Math.round(horizon * 0.2), Math.round(horizon * 0.6));
  const clouds = Array.from({ length: random.int(1, 3) }, () => {
    const cx = random.int(0, width);
    const cy = random.int(20, Math.round(horizon * 0.45));
    const w = random.int(60, 140);
    return `<g fill="#ffffff" opacity="0.55"><ellipse cx="${cx}" cy="${cy}" rx="${w}" ry="${Math.round(w / 4)}"/><ellipse cx="${cx + w / 3}" cy="${cy - w / 8}" rx="${w / 2}" ry="${w / 5}"/></g>`;
  }).join('');
  const body =
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>` +
    `<circle cx="${sunX}" cy="${sunY}" r="${random.int(28, 56)}" fill="${palette.sun}" opacity="0.9"/>` +
    clouds +
    `<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#ground)"/>`;
  return { defs, body };
}

function windows(x: number, y: number, w: number, h: number, cols: number, rows: number, palette: Palette, random: Random): string {
  const cellW = w / cols;
  const cellH = h / rows;
  let out = '';
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const lit = random.chance(0.7);
      out += `<rect x="${(x + c * cellW + cellW * 0.2).toFixed(1)}" y="${(y + r * cellH + cellH * 0.22).toFixed(1)}" width="${(cellW * 0.6).toFixed(1)}" height="${(cellH * 0.5).toFixed(1)}" fill="${lit ? palette.window : palette.buildingShade}" opacity="${lit ? 0.95 : 0.6}"/>`;
    }
  }
  return out;
}

function tower(x: number, base: number, w: number, h: number, palette: Palette, random: Random, crown = false): string {
  const top = base - h;
  const floors = Math.max(3, Math.round(h / 28));
  const shade = `<rect x="${x + w * 0.78}" y="${top}" width="${w * 0.22}" height="${h}" fill="${palette.buildingShade}"/>`;
  const roof = crown
    ? `<rect x="${x - 6}" y="${top - 18}" width="${w + 12}" height="18" fill="${palette.accent}"/><rect x="${x + 8}" y="${top - 40}" width="${w - 16}" height="22" fill="${palette.window}" opacity="0.95"/>`
    : `<rect x="${x - 4}" y="${top - 8}" width="${w + 8}" height="8" fill="${palette.buildingShade}"/>`;
  return `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="${palette.building}"/>${shade}${roof}${windows(x + 6, top + 10, w * 0.72, h - 20, Math.max(2, Math.round(w / 26)), floors, palette, random)}`;
}

function tree(x: number, base: number, size: number, random: Random): string {
  const green = random.pick(['#15803d', '#166534', '#4d7c0f', '#047857']);
  return `<rect x="${x - size * 0.06}" y="${base - size * 0.5}" width="${size * 0.12}" height="${size * 0.5}" fill="#713f12"/><circle cx="${x}" cy="${base - size * 0.65}" r="${size * 0.35}" fill="${green}"/>`;
}

function house(x: number, base: number, w: number, h: number, storeys: number, palette: Palette, random: Random): string {
  const top = base - h;
  const roofH = h * 0.45;
  const wallColour = random.pick([palette.building, '#fef3c7', '#fee2e2', '#e0f2fe']);
  let out = `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="${wallColour}"/>`;
  out += `<polygon points="${x - 14},${top} ${x + w / 2},${top - roofH} ${x + w + 14},${top}" fill="${palette.accent}"/>`;
  out += windows(x + 10, top + 10, w - 20, h * 0.7, 3, storeys, palette, random);
  out += `<rect x="${x + w / 2 - 14}" y="${base - 44}" width="28" height="44" fill="#78350f"/>`;
  return out;
}

function label(text: string, x: number, y: number, palette: Palette): string {
  const w = 36 + text.length * 15;
  return `<g><rect x="${x}" y="${y}" rx="16" width="${w}" height="36" fill="#0f172a" opacity="0.55"/><text x="${x + 16}" y="${y + 25}" font-family="${FONT}" font-size="18" font-weight="bold" letter-spacing="2" fill="${palette.sun}">${escapeXml(text.toUpperCase())}</text></g>`;
}

/** A card photo for a property: the buildings match its type. 960 x 640. */
export function propertyArt(type: PropertyType, variant: number): string {
  const random = new Random(0x5eed + variant * 7919 + type.length * 104729);
  const palette = PALETTES[variant % PALETTES.length] as Palette;
  const width = 960;
  const height = 640;
  const horizon = 520;
  const scene = skyAndGround(width, height, horizon, palette, random);
  let body = scene.body;
  switch (type) {
    case 'apartment': {
      const count = random.int(2, 4);
      for (let i = 0; i < count; i += 1) {
        const w = random.int(110, 170);
        body += tower(80 + i * (800 / count) + random.int(0, 40), horizon, w, random.int(260, 430), palette, random);
      }
      break;
    }
    case 'pent house': {
      body += tower(360, horizon, 220, 440, palette, random, true);
      body += tower(120, horizon, 140, 260, palette, random);
      body += tower(680, horizon, 150, 300, palette, random);
      break;
    }
    case 'studio': {
      body += tower(300, horizon, 360, 280, palette, random);
      body += tower(720, horizon, 120, 200, palette, random);
      break;
    }
    case 'villa': {
      body += house(330, horizon, 300, 210, 2, palette, random);
      body += `<rect x="250" y="${horizon}" width="460" height="20" fill="#a3e635" opacity="0.6"/>`;
      break;
    }
    case 'residentialhouse': {
      const count = random.int(2, 3);
      for (let i = 0; i < count; i += 1) body += house(120 + i * 270, horizon, 200, random.int(140, 190), 2, palette, random);
      break;
    }
    case 'plot': {
      const fence = Array.from({ length: 24 }, (_, i) => `<rect x="${60 + i * 36}" y="${horizon - 40}" width="8" height="40" fill="#e7e5e4"/>`).join('');
      body += `<polygon points="60,${horizon + 10} 900,${horizon + 10} 960,${height} 0,${height}" fill="#a16207" opacity="0.55"/>`;
      body += `${fence}<rect x="60" y="${horizon - 30}" width="848" height="6" fill="#e7e5e4"/>`;
      body += `<rect x="420" y="${horizon - 150}" width="8" height="110" fill="#57534e"/><rect x="360" y="${horizon - 190}" width="130" height="56" rx="6" fill="${palette.accent}"/>`;
      body += `<text x="425" y="${horizon - 152}" text-anchor="middle" font-family="${FONT}" font-size="26" font-weight="bold" fill="#ffffff">PLOT</text>`;
      break;
    }
  }
  for (let i = 0; i < random.int(3, 7); i += 1) body += tree(random.int(20, 940), horizon + random.int(10, 60), random.int(50, 90), random);
  body += label(type === 'residentialhouse' ? 'House' : type, 28, 28, palette);
  return frame(width, height, scene.defs, body);
}

/** A room for gallery photos: living room, bedroom or kitchen. 960 x 640. */
export function interiorArt(variant: number): string {
  const random = new Random(0x1a7e + variant * 104723);
  const palette = PALETTES[(variant * 3) % PALETTES.length] as Palette;
  const room = (['living', 'bedroom', 'kitchen'] as const)[variant % 3];
  const wall = random.pick(['#f5f5f4', '#fef3c7', '#e0f2fe', '#fce7f3', '#ecfccb']);
  const floor = random.pick(['#a8a29e', '#d6b48c', '#92400e', '#78716c']);
  let body = `<rect width="960" height="640" fill="${wall}"/><rect y="470" width="960" height="170" fill="${floor}"/>`;
  body += `<rect x="600" y="90" width="260" height="220" fill="${palette.skyBottom}" stroke="#ffffff" stroke-width="12"/><line x1="730" y1="90" x2="730" y2="310" stroke="#ffffff" stroke-width="8"/>`;
  if (room === 'living') {
    body += `<rect x="120" y="360" width="380" height="120" rx="24" fill="${palette.accent}"/><rect x="100" y="330" width="60" height="150" rx="20" fill="${palette.accent}"/><rect x="460" y="330" width="60" height="150" rx="20" fill="${palette.accent}"/>`;
    body += `<rect x="250" y="500" width="200" height="24" rx="8" fill="#44403c"/><rect x="150" y="120" width="240" height="150" fill="${palette.building}" stroke="#57534e" stroke-width="6"/>`;
  } else if (room === 'bedroom') {
    body += `<rect x="140" y="300" width="420" height="70" rx="14" fill="#78350f"/><rect x="160" y="360" width="380" height="110" fill="#ffffff"/><rect x="160" y="400" width="380" height="70" fill="${palette.accent}"/>`;
    body += `<rect x="600" y="390" width="90" height="80" fill="#57534e"/><circle cx="645" cy="360" r="26" fill="${palette.sun}"/>`;
  } else {
    body += `<rect x="80" y="330" width="520" height="140" fill="${palette.buildingShade}"/><rect x="80" y="318" width="520" height="16" fill="#44403c"/>`;
    body += `<rect x="100" y="130" width="480" height="110" fill="${palette.building}" stroke="#a8a29e" stroke-width="4"/><circle cx="220" cy="300" r="18" fill="#57534e"/><circle cx="300" cy="300" r="18" fill="#57534e"/>`;
  }
  body += `<circle cx="480" cy="60" r="20" fill="${palette.sun}"/><line x1="480" y1="0" x2="480" y2="40" stroke="#57534e" stroke-width="3"/>`;
  return frame(960, 640, '', body);
}

/** A wide skyline with a title, for city banners and hero banners. 1600 x 600. */
export function skylineArt(seedText: number, title: string, subtitle: string, variant: number): string {
  const random = new Random(seedText);
  const palette = PALETTES[variant % PALETTES.length] as Palette;
  const horizon = 520;
  const scene = skyAndGround(1600, 600, horizon, palette, random);
  let body = scene.body;
  let x = 0;
  while (x < 1600) {
    const w = random.int(60, 140);
    body += tower(x, horizon, w, random.int(120, 360), palette, random, random.chance(0.1));
    x += w + random.int(8, 30);
  }
  // A dark wash behind the words keeps them readable whatever the skyline does.
  body += `<rect width="1600" height="600" fill="url(#wash)"/>`;
  const titleSize = Math.min(84, Math.floor(2300 / Math.max(1, title.length)));
  body += `<text x="80" y="250" font-family="${FONT}" font-size="${titleSize}" font-weight="bold" fill="#ffffff">${escapeXml(title)}</text>`;
  if (subtitle) body += `<text x="84" y="320" font-family="${FONT}" font-size="34" fill="#f8fafc">${escapeXml(subtitle)}</text>`;
  const wash = `<linearGradient id="wash" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0f172a" stop-opacity="0.7"/><stop offset="0.7" stop-color="#0f172a" stop-opacity="0.15"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></linearGradient>`;
  return frame(1600, 600, scene.defs + wash, body);
}

/** A square logo with initials, for builders, contractors and cities. 256 x 256. */
export function monogramArt(name: string, seed: number): string {
  const random = new Random(seed);
  const palette = random.pick(PALETTES);
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  const shape = random.int(0, 2);
  const background =
    shape === 0
      ? `<circle cx="128" cy="128" r="120" fill="${palette.skyTop}"/>`
      : shape === 1
        ? `<rect x="8" y="8" width="240" height="240" rx="48" fill="${palette.skyTop}"/>`
        : `<polygon points="128,6 234,67 234,189 128,250 22,189 22,67" fill="${palette.skyTop}"/>`;
  const body =
    `<rect width="256" height="256" fill="#ffffff"/>${background}` +
    `<rect x="60" y="176" width="136" height="8" rx="4" fill="${palette.accent}"/>` +
    `<text x="128" y="158" text-anchor="middle" font-family="${FONT}" font-size="92" font-weight="bold" fill="#ffffff">${escapeXml(initials)}</text>`;
  return frame(256, 256, '', body);
}

/** A faceless profile picture (no real faces anywhere in the seed). 256 x 256. */
export function avatarArt(variant: number): string {
  const random = new Random(0xa7a7 + variant * 65537);
  const palette = PALETTES[variant % PALETTES.length] as Palette;
  const skin = random.pick(['#8d5524', '#c68642', '#e0ac69', '#f1c27d', '#a0522d']);
  const hair = random.pick(['#1c1917', '#292524', '#44403c', '#57534e']);
  const body =
    `<rect width="256" height="256" fill="${palette.skyBottom}"/>` +
    `<ellipse cx="128" cy="250" rx="96" ry="74" fill="${palette.accent}"/>` +
    `<circle cx="128" cy="112" r="54" fill="${skin}"/>` +
    `<path d="M74 108 Q78 52 128 54 Q178 52 182 108 Q170 80 128 82 Q86 80 74 108 Z" fill="${hair}"/>`;
  return frame(256, 256, '', body);
}

/** An abstract cover for a blog article, with its title. 1200 x 630. */
export function coverArt(title: string, variant: number): string {
  const random = new Random(0xb10b + variant * 7907);
  const palette = PALETTES[variant % PALETTES.length] as Palette;
  const defs = `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.accent}"/></linearGradient>`;
  let body = `<rect width="1200" height="630" fill="url(#bg)"/>`;
  for (let i = 0; i < 6; i += 1) {
    body += `<circle cx="${random.int(0, 1200)}" cy="${random.int(0, 630)}" r="${random.int(40, 200)}" fill="#ffffff" opacity="${(random.int(5, 15) / 100).toFixed(2)}"/>`;
  }
  body += house(820, 560, 220, 160, 2, palette, random);
  const words = title.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if ((line + ' ' + word).trim().length > 28) {
      lines.push(line.trim());
      line = word;
    } else line += ' ' + word;
  }
  lines.push(line.trim());
  body += lines
    .slice(0, 4)
    .map((text, i) => `<text x="70" y="${150 + i * 68}" font-family="${FONT}" font-size="54" font-weight="bold" fill="#ffffff">${escapeXml(text)}</text>`)
    .join('');
  return frame(1200, 630, defs, body);
}

/** A construction site: a frame going up and a tower crane. 960 x 640. */
export function constructionArt(variant: number): string {
  const random = new Random(0xc0de + variant * 31337);
  const palette = PALETTES[(variant * 7) % PALETTES.length] as Palette;
  const horizon = 520;
  const scene = skyAndGround(960, 640, horizon, palette, random);
  let body = scene.body;
  const floors = random.int(4, 9);
  for (let f = 0; f < floors; f += 1) {
    const y = horizon - (f + 1) * 36;
    body += `<rect x="260" y="${y}" width="360" height="8" fill="#a8a29e"/>`;
    for (let c = 0; c < 5; c += 1) body += `<rect x="${262 + c * 88}" y="${y}" width="8" height="36" fill="#78716c"/>`;
  }
  const craneTop = horizon - floors * 36 - 120;
  body += `<rect x="700" y="${craneTop}" width="16" height="${horizon - craneTop}" fill="#facc15"/>`;
  body += `<rect x="460" y="${craneTop}" width="420" height="12" fill="#facc15"/><line x1="560" y1="${craneTop + 12}" x2="560" y2="${craneTop + 130}" stroke="#44403c" stroke-width="3"/>`;
  body += `<rect x="540" y="${craneTop + 130}" width="40" height="24" fill="${palette.accent}"/>`;
  return frame(960, 640, scene.defs, body);
}
