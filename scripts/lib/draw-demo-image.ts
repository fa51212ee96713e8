/**
 * Draws the illustrated demo photos used by the seed. Each image is an SVG
 * scene (backdrop, a vehicle or place silhouette, shadow, bokeh and a caption
 * band) rendered to JPEG with sharp. Everything is deterministic for a given
 * spec: randomness comes from a small PRNG seeded with `spec.seed`.
 */
import sharp from 'sharp';
import type { DemoImageSpec } from '#server/db/seed/demo-content.ts';

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

type Rng = () => number;

/** mulberry32: tiny, fast, good enough for placing bokeh and clouds. */
function prng(seed: number): Rng {
  let a = (seed >>> 0) ^ 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function range(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng();
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function rgb(hex: string): [number, number, number] {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const n = Number.parseInt(h.slice(0, 6), 16);
  if (!Number.isFinite(n)) return [128, 128, 128];
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex([r, g, b]: [number, number, number]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two colours, t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
const darken = (c: string, t: number) => mix(c, '#000000', t);

function luminance(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const n = (v: number) => (Math.round(v * 10) / 10).toString();

/* ------------------------------------------------------------------ */
/* Shared defs                                                         */
/* ------------------------------------------------------------------ */

interface Ctx {
  W: number;
  H: number;
  sky: string;
  low: string;
  subject: string;
  rng: Rng;
  seed: number;
}

function sharedDefs(c: Ctx): string {
  const glass = mix(darken(c.sky, 0.55), '#1a2530', 0.5);
  return `
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${c.sky}"/>
    <stop offset="1" stop-color="${c.low}"/>
  </linearGradient>
  <radialGradient id="glow">
    <stop offset="0" stop-color="#fffaf0" stop-opacity="0.85"/>
    <stop offset="0.25" stop-color="${lighten(c.low, 0.6)}" stop-opacity="0.45"/>
    <stop offset="1" stop-color="${c.low}" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="soft">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/>
    <stop offset="0.6" stop-color="#ffffff" stop-opacity="0.35"/>
    <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="bokeh">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.5"/>
    <stop offset="0.8" stop-color="#ffffff" stop-opacity="0.3"/>
    <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="shadow">
    <stop offset="0" stop-color="#000000" stop-opacity="0.55"/>
    <stop offset="0.55" stop-color="#000000" stop-opacity="0.28"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.38"/>
    <stop offset="0.32" stop-color="#ffffff" stop-opacity="0.08"/>
    <stop offset="0.5" stop-color="#000000" stop-opacity="0"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0.38"/>
  </linearGradient>
  <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${lighten(glass, 0.35)}"/>
    <stop offset="0.55" stop-color="${glass}"/>
    <stop offset="1" stop-color="${darken(glass, 0.35)}"/>
  </linearGradient>
  <linearGradient id="rim" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#eef1f4"/>
    <stop offset="1" stop-color="#8d969e"/>
  </linearGradient>
  <linearGradient id="chrome" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f4f6f8"/>
    <stop offset="0.5" stop-color="#aeb6bd"/>
    <stop offset="1" stop-color="#e3e7ea"/>
  </linearGradient>`;
}

function bokeh(c: Ctx, count: number, yMax: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = range(c.rng, 0.012, 0.06) * c.H;
    const x = range(c.rng, 0, c.W);
    const y = range(c.rng, 0, yMax);
    const o = range(c.rng, 0.08, 0.28);
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#bokeh)" opacity="${o.toFixed(2)}"/>`;
  }
  return out;
}

function clouds(c: Ctx, count: number, yMax: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const cx = range(c.rng, -0.05, 1.05) * c.W;
    const cy = range(c.rng, 0.06, yMax) * c.H;
    const w = range(c.rng, 0.12, 0.28) * c.W;
    const o = range(c.rng, 0.35, 0.7);
    const puffs = 3 + Math.floor(c.rng() * 3);
    out += `<g opacity="${o.toFixed(2)}">`;
    for (let j = 0; j < puffs; j++) {
      const px = cx + (j / (puffs - 1) - 0.5) * w * 0.8;
      const py = cy - Math.sin((j / (puffs - 1)) * Math.PI) * w * 0.06;
      const r = w * range(c.rng, 0.18, 0.3);
      out += `<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(r)}" ry="${n(r * 0.42)}" fill="url(#soft)"/>`;
    }
    out += `</g>`;
  }
  return out;
}

/** A smooth ridge line across the width, closed down to `bottom`. */
function ridge(c: Ctx, baseY: number, amp: number, bottom: number, fill: string, points = 6): string {
  const step = c.W / points;
  let d = `M 0 ${n(bottom)} L 0 ${n(baseY - c.rng() * amp)}`;
  for (let i = 1; i <= points; i++) {
    const x = i * step;
    const y = baseY - c.rng() * amp;
    const qx = x - step / 2;
    const qy = baseY - range(c.rng, 0.4, 1.3) * amp;
    d += ` Q ${n(qx)} ${n(qy)} ${n(x)} ${n(y)}`;
  }
  d += ` L ${n(c.W)} ${n(bottom)} Z`;
  return `<path d="${d}" fill="${fill}"/>`;
}

function sunAndSky(c: Ctx, horizon: number): string {
  const sx = range(c.rng, 0.62, 0.88) * c.W;
  const sy = range(c.rng, 0.18, 0.42) * horizon;
  const gr = Math.max(c.W, c.H) * 0.3;
  return `
  <linearGradient id="skyH" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="${n(horizon)}">
    <stop offset="0" stop-color="${c.sky}"/>
    <stop offset="0.55" stop-color="${mix(c.sky, c.low, 0.45)}"/>
    <stop offset="1" stop-color="${c.low}"/>
  </linearGradient>
  <radialGradient id="sun">
    <stop offset="0" stop-color="#fffef8"/>
    <stop offset="0.7" stop-color="${lighten(c.low, 0.75)}"/>
    <stop offset="1" stop-color="${lighten(c.low, 0.5)}"/>
  </radialGradient>
  <rect width="${c.W}" height="${c.H}" fill="url(#skyH)"/>
  <circle cx="${n(sx)}" cy="${n(sy)}" r="${n(gr)}" fill="url(#glow)"/>
  <circle cx="${n(sx)}" cy="${n(sy)}" r="${n(c.H * 0.04)}" fill="url(#sun)" opacity="0.92"/>
  ${clouds(c, 3 + Math.floor(c.rng() * 3), 0.4 * (horizon / c.H))}`;
}

/* ------------------------------------------------------------------ */
/* Vehicles, in unit coordinates: about 1000 wide, ground at y = 0     */
/* ------------------------------------------------------------------ */

function wheel(x: number, y: number, r: number, c: Ctx): string {
  const rot = c.rng() * 72;
  let spokes = '';
  for (let i = 0; i < 5; i++) {
    const a = ((rot + i * 72) * Math.PI) / 180;
    spokes += `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x + Math.cos(a) * r * 0.6)}" y2="${n(y + Math.sin(a) * r * 0.6)}"/>`;
  }
  return `
  <circle cx="${x}" cy="${y}" r="${r}" fill="#1b1e22"/>
  <circle cx="${x}" cy="${y}" r="${n(r * 0.9)}" fill="none" stroke="#2c3137" stroke-width="${n(r * 0.06)}"/>
  <circle cx="${x}" cy="${y}" r="${n(r * 0.64)}" fill="url(#rim)"/>
  <g stroke="#6f7880" stroke-width="${n(r * 0.13)}" stroke-linecap="round">${spokes}</g>
  <circle cx="${x}" cy="${y}" r="${n(r * 0.62)}" fill="none" stroke="#5d656d" stroke-width="${n(r * 0.05)}"/>
  <circle cx="${x}" cy="${y}" r="${n(r * 0.16)}" fill="#c9cfd5" stroke="#6f7880" stroke-width="3"/>`;
}

function arch(cx: number, cy: number, r: number, floor: number): string {
  const dy = floor - cy;
  const dx = Math.sqrt(r * r - dy * dy);
  return `M ${n(cx + dx)} ${floor} A ${r} ${r} 0 1 0 ${n(cx - dx)} ${floor} Z`;
}

function car(c: Ctx): string {
  const body = `M -488 -62 L -494 -150 Q -496 -196 -456 -204 L -372 -214 C -322 -292 -270 -328 -190 -334 L 70 -334 C 140 -330 192 -300 262 -232 L 440 -210 Q 494 -200 500 -150 L 500 -84 Q 498 -56 468 -56 L ${n(320 + Math.sqrt(96 * 96 - 22 * 22))} -56 A 96 96 0 1 0 ${n(320 - Math.sqrt(96 * 96 - 22 * 22))} -56 L ${n(-310 + Math.sqrt(96 * 96 - 22 * 22))} -56 A 96 96 0 1 0 ${n(-310 - Math.sqrt(96 * 96 - 22 * 22))} -56 L -462 -56 Q -486 -56 -488 -62 Z`;
  const s = c.subject;
  return `
  <path d="${arch(320, -78, 96, -56)}" fill="#121417"/>
  <path d="${arch(-310, -78, 96, -56)}" fill="#121417"/>
  <path d="${body}" fill="${s}"/>
  <path d="${body}" fill="url(#paint)"/>
  <path d="M -352 -222 C -308 -288 -262 -316 -188 -320 L -62 -320 L -62 -222 Z" fill="url(#glass)"/>
  <path d="M -44 -320 L 66 -320 C 126 -316 170 -292 232 -222 L -44 -222 Z" fill="url(#glass)"/>
  <path d="M -150 -320 L -100 -320 L -170 -222 L -220 -222 Z M 20 -320 L 45 -320 L -25 -222 L -50 -222 Z" fill="#ffffff" opacity="0.14"/>
  <path d="M -468 -196 L 452 -196" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4" fill="none"/>
  <path d="M -470 -110 L 470 -110" stroke="#000000" stroke-opacity="0.18" stroke-width="3" fill="none"/>
  <g stroke="${darken(s, 0.45)}" stroke-opacity="0.7" stroke-width="3" fill="none">
    <path d="M 242 -226 L 242 -150 Q 240 -126 222 -114"/>
    <path d="M -53 -222 L -53 -66"/>
    <path d="M -336 -212 L -322 -150 Q -312 -128 -286 -118"/>
  </g>
  <rect x="150" y="-206" width="44" height="9" rx="4" fill="${darken(s, 0.4)}"/>
  <rect x="-150" y="-206" width="44" height="9" rx="4" fill="${darken(s, 0.4)}"/>
  <ellipse cx="222" cy="-230" rx="20" ry="13" fill="${darken(s, 0.25)}"/>
  <path d="M 440 -206 Q 488 -198 497 -166 L 472 -168 Q 452 -186 432 -198 Z" fill="#fbf7e4"/>
  <path d="M -491 -162 L -492 -194 Q -478 -203 -458 -203 L -462 -166 Z" fill="#c4232c"/>
  <rect x="416" y="-90" width="86" height="30" rx="8" fill="#000000" opacity="0.28"/>
  <rect x="-492" y="-92" width="70" height="30" rx="8" fill="#000000" opacity="0.28"/>
  ${wheel(320, -78, 78, c)}
  ${wheel(-310, -78, 78, c)}`;
}

function van(c: Ctx): string {
  const dx = Math.sqrt(98 * 98 - 22 * 22);
  const body = `M -490 -60 L -494 -420 Q -494 -446 -466 -446 L 190 -446 Q 226 -446 246 -420 L 332 -292 Q 346 -270 380 -264 L 462 -246 Q 498 -236 500 -196 L 500 -84 Q 498 -58 468 -58 L ${n(330 + dx)} -58 A 98 98 0 1 0 ${n(330 - dx)} -58 L ${n(-300 + dx)} -58 A 98 98 0 1 0 ${n(-300 - dx)} -58 L -466 -58 Q -488 -58 -490 -60 Z`;
  const s = c.subject;
  const stripe = luminance(s) > 0.6 ? '#e8664a' : '#f4f1ea';
  return `
  <clipPath id="vanBody"><path d="${body}"/></clipPath>
  <path d="${arch(330, -80, 98, -58)}" fill="#121417"/>
  <path d="${arch(-300, -80, 98, -58)}" fill="#121417"/>
  <path d="${body}" fill="${s}"/>
  <g clip-path="url(#vanBody)">
    <path d="M -500 -236 L 90 -236 Q 130 -236 150 -262 L 520 -262 L 520 -244 L 162 -244 Q 140 -212 90 -212 L -500 -212 Z" fill="${stripe}" opacity="0.9"/>
    <rect x="-500" y="-196" width="1000" height="6" fill="${stripe}" opacity="0.6"/>
  </g>
  <path d="${body}" fill="url(#paint)"/>
  <path d="M 150 -410 L 222 -410 Q 234 -410 242 -398 L 316 -292 L 150 -292 Z" fill="url(#glass)"/>
  <path d="M 190 -410 L 215 -410 L 165 -292 L 150 -292 L 150 -320 Z" fill="#ffffff" opacity="0.15"/>
  <g stroke="${darken(s, 0.45)}" stroke-opacity="0.7" stroke-width="3" fill="none">
    <path d="M 130 -436 L 130 -120 Q 140 -92 160 -86"/>
    <path d="M -70 -436 L -70 -64"/>
    <path d="M -470 -436 L -470 -64"/>
    <path d="M -300 -300 L -70 -300"/>
  </g>
  <path d="M -460 -440 L 200 -440" stroke="#ffffff" stroke-opacity="0.35" stroke-width="5"/>
  <rect x="60" y="-262" width="44" height="10" rx="5" fill="${darken(s, 0.4)}"/>
  <rect x="-130" y="-262" width="44" height="10" rx="5" fill="${darken(s, 0.4)}"/>
  <path d="M 318 -300 L 345 -300 L 350 -258 L 326 -258 Z" fill="#25292e"/>
  <path d="M 462 -246 Q 496 -236 499 -204 L 474 -206 Q 466 -226 452 -240 Z" fill="#fbf7e4"/>
  <rect x="-497" y="-320" width="12" height="110" rx="4" fill="#c4232c"/>
  <rect x="420" y="-124" width="84" height="66" rx="10" fill="#2a2e33"/>
  <rect x="-500" y="-110" width="66" height="52" rx="8" fill="#2a2e33"/>
  ${wheel(330, -80, 80, c)}
  ${wheel(-300, -80, 80, c)}`;
}

function motorcycle(c: Ctx): string {
  const s = c.subject;
  const spokeWheel = (x: number) => {
    let sp = '';
    for (let i = 0; i < 18; i++) {
      const a = (i * 20 * Math.PI) / 180;
      sp += `<line x1="${x}" y1="-115" x2="${n(x + Math.cos(a) * 88)}" y2="${n(-115 + Math.sin(a) * 88)}"/>`;
    }
    return `
    <circle cx="${x}" cy="-115" r="102" fill="none" stroke="#1b1e22" stroke-width="26"/>
    <circle cx="${x}" cy="-115" r="88" fill="none" stroke="url(#chrome)" stroke-width="7"/>
    <g stroke="#b8c0c7" stroke-width="2.2">${sp}</g>
    <circle cx="${x}" cy="-115" r="20" fill="url(#chrome)" stroke="#6f7880" stroke-width="3"/>`;
  };
  return `
  ${spokeWheel(-320)}
  ${spokeWheel(330)}
  <g stroke-linecap="round" fill="none">
    <path d="M -320 -115 L -60 -185" stroke="#2b2f35" stroke-width="20"/>
    <path d="M -250 -140 L -180 -330" stroke="url(#chrome)" stroke-width="12"/>
    <path d="M 235 -400 L -180 -335 M 235 -400 L 70 -175 L -60 -185" stroke="#2b2f35" stroke-width="16" stroke-linejoin="round"/>
    <path d="M 330 -115 L 232 -430" stroke="url(#chrome)" stroke-width="16"/>
    <path d="M 346 -125 L 250 -430" stroke="#8d969e" stroke-width="6"/>
  </g>
  <rect x="-95" y="-305" width="200" height="140" rx="24" fill="#454b52"/>
  <g stroke="#7d868e" stroke-width="6">
    <line x1="-80" y1="-280" x2="90" y2="-280"/><line x1="-80" y1="-258" x2="90" y2="-258"/>
    <line x1="-80" y1="-236" x2="90" y2="-236"/><line x1="-80" y1="-214" x2="90" y2="-214"/>
  </g>
  <circle cx="30" cy="-200" r="40" fill="url(#chrome)" stroke="#5d656d" stroke-width="4"/>
  <path d="M 90 -195 Q 80 -140 -30 -132 L -360 -150" stroke="url(#chrome)" stroke-width="22" fill="none" stroke-linecap="round"/>
  <path d="M -40 -136 L -360 -154" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4" fill="none"/>
  <path d="M -445 -175 Q -420 -265 -300 -255" stroke="${s}" stroke-width="20" fill="none" stroke-linecap="round"/>
  <rect x="-468" y="-214" width="30" height="22" rx="6" fill="#c4232c"/>
  <path d="M -255 -340 Q -240 -372 -40 -362 L -36 -326 L -238 -320 Q -262 -322 -255 -340 Z" fill="#1d1f22"/>
  <path d="M -42 -345 Q -30 -425 80 -430 Q 200 -432 228 -384 Q 218 -332 160 -324 L -22 -318 Z" fill="${s}"/>
  <path d="M -42 -345 Q -30 -425 80 -430 Q 200 -432 228 -384 Q 218 -332 160 -324 L -22 -318 Z" fill="url(#paint)"/>
  <ellipse cx="90" cy="-400" rx="80" ry="14" fill="#ffffff" opacity="0.35"/>
  <rect x="40" y="-372" width="70" height="26" rx="10" fill="#000000" opacity="0.25"/>
  <path d="M 252 -205 Q 335 -262 425 -196" stroke="${s}" stroke-width="16" fill="none" stroke-linecap="round"/>
  <circle cx="282" cy="-420" r="40" fill="url(#chrome)"/>
  <circle cx="288" cy="-420" r="28" fill="#fbf6dc"/>
  <path d="M 185 -478 Q 225 -458 262 -476" stroke="#2b2f35" stroke-width="11" fill="none" stroke-linecap="round"/>
  <path d="M 220 -468 L 200 -525" stroke="#6f7880" stroke-width="5"/>
  <ellipse cx="198" cy="-530" rx="16" ry="10" fill="#454b52"/>`;
}

function boatShape(c: Ctx): string {
  const s = c.subject;
  const hull = 'M -470 -150 Q -60 -120 505 -252 L 440 -60 Q 410 30 300 40 L -420 40 Q -465 35 -470 -20 Z';
  const stripe = luminance(s) > 0.6 ? '#1f3552' : '#f4f1ea';
  const house = luminance(s) > 0.75 ? '#dfe6ea' : '#f4f1ea';
  return `
  <clipPath id="hull"><path d="${hull}"/></clipPath>
  <path d="M 120 -165 L 120 -610" stroke="#e9e6df" stroke-width="11"/>
  <g stroke="#3a3f45" stroke-width="2.5" opacity="0.75">
    <line x1="120" y1="-600" x2="490" y2="-250"/>
    <line x1="120" y1="-600" x2="-460" y2="-152"/>
    <line x1="120" y1="-430" x2="330" y2="-250"/>
  </g>
  <path d="M 124 -600 L 190 -585 L 124 -568 Z" fill="#e8664a"/>
  <path d="M -232 -142 L -232 -330 L 48 -330 L 72 -142 Z" fill="${house}"/>
  <path d="M -232 -142 L -232 -330 L 48 -330 L 72 -142 Z" fill="url(#paint)" opacity="0.6"/>
  <rect x="-250" y="-348" width="330" height="22" rx="4" fill="${darken(house, 0.45)}"/>
  <rect x="-205" y="-312" width="60" height="56" rx="5" fill="url(#glass)"/>
  <rect x="-130" y="-312" width="60" height="56" rx="5" fill="url(#glass)"/>
  <path d="M -55 -312 L 32 -312 L 42 -256 L -55 -256 Z" fill="url(#glass)"/>
  <line x1="-150" y1="-348" x2="-150" y2="-400" stroke="#3a3f45" stroke-width="5"/>
  <rect x="-175" y="-408" width="50" height="12" rx="4" fill="#e9e6df"/>
  <g fill="#2d3238">
    <rect x="-440" y="-196" width="60" height="46" rx="6"/>
    <rect x="-372" y="-196" width="60" height="46" rx="6"/>
    <rect x="-406" y="-236" width="60" height="40" rx="6" opacity="0.9"/>
  </g>
  <path d="${hull}" fill="${s}"/>
  <g clip-path="url(#hull)">
    <rect x="-500" y="-24" width="1020" height="80" fill="#8a2d2a"/>
    <rect x="-500" y="-36" width="1020" height="12" fill="${stripe}"/>
  </g>
  <path d="${hull}" fill="url(#paint)"/>
  <path d="M -470 -150 Q -60 -120 505 -252" stroke="${stripe}" stroke-width="16" fill="none"/>
  <path d="M -468 -128 Q -60 -100 492 -222" stroke="${stripe}" stroke-opacity="0.55" stroke-width="5" fill="none"/>
  <text x="330" y="-150" font-family="${FONT}" font-weight="bold" font-size="40" fill="${stripe}" transform="rotate(-8 330 -150)">PN 47</text>`;
}

function digger(c: Ctx): string {
  const s = c.subject;
  const dk = darken(s, 0.25);
  let rollers = '';
  for (const x of [-300, -200, -100, 0, 100]) {
    rollers += `<circle cx="${x}" cy="-58" r="26" fill="#2a2e33"/><circle cx="${x}" cy="-58" r="9" fill="#6b737b"/>`;
  }
  return `
  <rect x="-390" y="-124" width="590" height="124" rx="62" fill="#1e2125"/>
  <rect x="-390" y="-124" width="590" height="124" rx="62" fill="none" stroke="#121417" stroke-width="12" stroke-dasharray="16 12"/>
  <rect x="-368" y="-104" width="546" height="84" rx="42" fill="#3a3f45"/>
  ${rollers}
  <circle cx="-330" cy="-62" r="44" fill="#2a2e33"/><circle cx="-330" cy="-62" r="16" fill="#8d969e"/>
  <circle cx="140" cy="-62" r="44" fill="#2a2e33"/><circle cx="140" cy="-62" r="16" fill="#8d969e"/>
  <path d="M 200 -96 L 262 -104 Q 276 -56 262 -6 L 200 -14 Z" fill="${dk}"/>
  <rect x="-150" y="-152" width="210" height="32" fill="#2a2e33"/>
  <path d="M -400 -152 L -400 -252 Q -400 -292 -360 -292 L 60 -292 L 160 -262 L 170 -152 Z" fill="${s}"/>
  <path d="M -400 -152 L -400 -252 Q -400 -292 -360 -292 L 60 -292 L 160 -262 L 170 -152 Z" fill="url(#paint)"/>
  <path d="M -400 -170 L -400 -252 Q -400 -292 -360 -292 L -300 -292 L -300 -170 Z" fill="#000000" opacity="0.15"/>
  <g stroke="#1e2125" stroke-width="6" opacity="0.6">
    <line x1="-280" y1="-260" x2="-180" y2="-260"/><line x1="-280" y1="-240" x2="-180" y2="-240"/>
    <line x1="-280" y1="-220" x2="-180" y2="-220"/><line x1="-280" y1="-200" x2="-180" y2="-200"/>
  </g>
  <path d="M -130 -292 L -130 -565 Q -130 -585 -110 -585 L 80 -585 Q 100 -585 104 -565 L 132 -292 Z" fill="#2a2e33"/>
  <path d="M -112 -302 L -112 -562 L 78 -562 L 110 -302 Z" fill="url(#glass)"/>
  <path d="M -60 -562 L 0 -562 L -80 -302 L -112 -302 L -112 -380 Z" fill="#ffffff" opacity="0.14"/>
  <line x1="-14" y1="-562" x2="-6" y2="-302" stroke="#2a2e33" stroke-width="8"/>
  <rect x="-145" y="-604" width="262" height="24" rx="6" fill="${s}"/>
  <path d="M 120 -262 Q 210 -570 372 -612 L 408 -566 Q 268 -512 196 -238 Z" fill="${s}"/>
  <path d="M 120 -262 Q 210 -570 372 -612 L 408 -566 Q 268 -512 196 -238 Z" fill="url(#paint)"/>
  <path d="M 172 -330 L 318 -540" stroke="#2a2e33" stroke-width="24" stroke-linecap="round"/>
  <path d="M 172 -330 L 262 -460" stroke="url(#chrome)" stroke-width="12" stroke-linecap="round"/>
  <path d="M 366 -612 L 412 -604 L 566 -250 L 526 -232 Z" fill="${dk}"/>
  <path d="M 412 -590 L 520 -330" stroke="url(#chrome)" stroke-width="10" stroke-linecap="round"/>
  <path d="M 522 -262 Q 612 -240 604 -140 L 574 -96 L 498 -128 Q 478 -206 522 -262 Z" fill="#3a3f45"/>
  <path d="M 574 -96 L 560 -74 L 548 -104 L 530 -82 L 520 -112 L 504 -92 L 498 -128 Z" fill="#8d969e"/>
  <circle cx="546" cy="-242" r="14" fill="#8d969e"/>
  <circle cx="388" cy="-592" r="14" fill="#8d969e"/>
  <circle cx="158" cy="-250" r="16" fill="#8d969e"/>`;
}

/** Vehicle for outdoor / interior scenes with its shadow and optional reflection. */
function placeVehicle(
  c: Ctx,
  draw: (c: Ctx) => string,
  cx: number,
  groundY: number,
  scale: number,
  opts: { reflect?: number; halfWidth?: number } = {},
): string {
  const hw = opts.halfWidth ?? 520;
  const inner = draw(c);
  const reflection = opts.reflect
    ? `<g transform="translate(${n(cx)} ${n(groundY)}) scale(${scale} ${-scale})" opacity="${opts.reflect}">${inner.replace(/id="[^"]*"/g, '')}</g>`
    : '';
  return `
  ${reflection}
  <ellipse cx="${n(cx)}" cy="${n(groundY + 4 * scale)}" rx="${n(hw * 1.08 * scale)}" ry="${n(46 * scale)}" fill="url(#shadow)"/>
  <g transform="translate(${n(cx)} ${n(groundY)}) scale(${scale})">${inner}</g>`;
}

/* ------------------------------------------------------------------ */
/* Scenes                                                              */
/* ------------------------------------------------------------------ */

/** Outdoor quayside backdrop for road vehicles and plant. */
function quayScene(c: Ctx, draw: (c: Ctx) => string, unitH: number, halfWidth: number): string {
  const { W, H } = c;
  const horizon = H * 0.56;
  const quayTop = H * 0.66;
  const ground = H * 0.82;
  const sea = mix(darken(c.sky, 0.1), c.low, 0.35);
  const far = mix(c.sky, c.low, 0.62);
  const near = mix(darken(c.sky, 0.25), c.low, 0.35);
  const tarmac = mix(mix(c.sky, '#4a4f55', 0.7), c.low, 0.12);
  let glints = '';
  for (let i = 0; i < 14; i++) {
    const x = range(c.rng, 0, W);
    const y = range(c.rng, horizon + 4, quayTop - 6);
    glints += `<rect x="${n(x)}" y="${n(y)}" width="${n(range(c.rng, 0.01, 0.05) * W)}" height="2" fill="#ffffff" opacity="${range(c.rng, 0.15, 0.4).toFixed(2)}"/>`;
  }
  const scale = Math.min((W * 0.6) / (halfWidth * 2), (H * 0.56) / unitH);
  return `
  ${sunAndSky(c, horizon)}
  ${ridge(c, horizon - H * 0.05, H * 0.07, horizon + 2, far, 5)}
  ${ridge(c, horizon - H * 0.01, H * 0.045, horizon + 2, near, 7)}
  <rect x="0" y="${n(horizon)}" width="${W}" height="${n(quayTop - horizon + 2)}" fill="${sea}"/>
  <rect x="0" y="${n(horizon)}" width="${W}" height="${n(quayTop - horizon)}" fill="url(#skyH)" opacity="0.25"/>
  ${glints}
  ${bokeh(c, 9 + Math.floor(c.rng() * 6), horizon)}
  <rect x="0" y="${n(quayTop)}" width="${W}" height="${n(H - quayTop)}" fill="${tarmac}"/>
  <rect x="0" y="${n(quayTop)}" width="${W}" height="${n(H * 0.018)}" fill="${lighten(tarmac, 0.35)}"/>
  <rect x="0" y="${n(quayTop + H * 0.018)}" width="${W}" height="${n(H * 0.012)}" fill="#000000" opacity="0.18"/>
  <rect x="0" y="${n(quayTop)}" width="${W}" height="${n(H - quayTop)}" fill="url(#ground)"/>
  ${bollards(c, quayTop + H * 0.018, H * 0.05)}
  ${placeVehicle(c, draw, W * 0.57, ground, scale, { halfWidth })}`;
}

function bollards(c: Ctx, y: number, h: number): string {
  let out = '';
  const xs = [range(c.rng, 0.04, 0.12), range(c.rng, 0.9, 0.97)];
  for (const fx of xs) {
    const x = fx * c.W;
    out += `<rect x="${n(x - h * 0.28)}" y="${n(y - h)}" width="${n(h * 0.56)}" height="${n(h)}" rx="${n(h * 0.2)}" fill="#2a2e33"/>
    <ellipse cx="${n(x)}" cy="${n(y - h)}" rx="${n(h * 0.38)}" ry="${n(h * 0.12)}" fill="#3a3f45"/>`;
  }
  return out;
}

function boatScene(c: Ctx): string {
  const { W, H } = c;
  const horizon = H * 0.5;
  const water = H * 0.74;
  const seaTop = mix(darken(c.sky, 0.15), c.low, 0.45);
  const seaBottom = darken(c.sky, 0.35);
  const scale = Math.min(W * 0.62, H * 1.05) / 1000;
  const cx = W * 0.56;
  let ripples = '';
  for (let i = 0; i < 34; i++) {
    const y = range(c.rng, horizon + 6, H);
    const t = (y - horizon) / (H - horizon);
    const w = (0.02 + 0.08 * t) * W * range(c.rng, 0.5, 1.3);
    const x = range(c.rng, -0.05, 1) * W;
    ripples += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(1 + 3 * t)}" rx="2" fill="#ffffff" opacity="${range(c.rng, 0.1, 0.3).toFixed(2)}"/>`;
  }
  const inner = boatShape(c);
  const innerNoIds = inner.replace(/<clipPath[\s\S]*?<\/clipPath>/g, '');
  return `
  <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${seaTop}"/>
    <stop offset="1" stop-color="${seaBottom}"/>
  </linearGradient>
  <clipPath id="above"><rect x="-2000" y="-3000" width="4000" height="3000"/></clipPath>
  <clipPath id="below"><rect x="-2000" y="0" width="4000" height="3000"/></clipPath>
  ${sunAndSky(c, horizon)}
  ${ridge(c, horizon - H * 0.03, H * 0.06, horizon + 2, mix(c.sky, c.low, 0.55), 5)}
  <rect x="0" y="${n(horizon)}" width="${W}" height="${n(H - horizon)}" fill="url(#sea)"/>
  ${bokeh(c, 8 + Math.floor(c.rng() * 6), horizon)}
  <g transform="translate(${n(cx)} ${n(water)}) scale(${scale})">
    <g clip-path="url(#below)"><g transform="scale(1 -1)" opacity="0.22">${innerNoIds}</g></g>
    <g clip-path="url(#above)">${inner}</g>
    <ellipse cx="10" cy="4" rx="520" ry="16" fill="#000000" opacity="0.25"/>
    <path d="M -480 2 Q -240 -8 0 2 T 520 2" stroke="#ffffff" stroke-opacity="0.5" stroke-width="5" fill="none"/>
  </g>
  ${ripples}`;
}

function boothScene(c: Ctx): string {
  const { W, H } = c;
  const bl = W * 0.2;
  const br = W * 0.8;
  const bt = H * 0.16;
  const bb = H * 0.6;
  const vx = W * 0.5;
  const wall = c.low;
  const side = mix(c.sky, '#9aa4ab', 0.25);
  const floor = mix(c.sky, '#5d666d', 0.55);
  let grid = '';
  for (let i = 0; i <= 16; i++) {
    const t = i / 16;
    grid += `<line x1="${n(-W * 0.3 + t * W * 1.6)}" y1="${H}" x2="${n(bl + t * (br - bl))}" y2="${n(bb)}"/>`;
  }
  for (let i = 1; i <= 8; i++) {
    const t = (i / 8) ** 2;
    const y = bb + (H - bb) * t;
    grid += `<line x1="0" y1="${n(y)}" x2="${W}" y2="${n(y)}"/>`;
  }
  let panels = '';
  for (let i = 0; i < 4; i++) {
    const x = bl + ((br - bl) / 4) * i;
    panels += `<rect x="${n(x + 8)}" y="${n(bt + 10)}" width="${n((br - bl) / 4 - 16)}" height="${n(bb - bt - 20)}" fill="none" stroke="#000000" stroke-opacity="0.07" stroke-width="3"/>`;
  }
  const lamp = (x0: number, x1: number, f: number) => {
    // light strip on the ceiling, from the front edge towards the back wall
    const bx0 = vx + (x0 - vx) * 0.6 * f;
    const bx1 = vx + (x1 - vx) * 0.6 * f;
    return `<path d="M ${n(x0)} 0 L ${n(x1)} 0 L ${n(bx1)} ${n(bt)} L ${n(bx0)} ${n(bt)} Z" fill="#ffffff"/>`;
  };
  let mist = '';
  for (let i = 0; i < 16; i++) {
    mist += `<circle cx="${n(range(c.rng, 0.25, 0.9) * W)}" cy="${n(range(c.rng, 0.35, 0.75) * H)}" r="${n(range(c.rng, 0.03, 0.1) * H)}" fill="url(#soft)" opacity="${range(c.rng, 0.1, 0.3).toFixed(2)}"/>`;
  }
  const scale = Math.min(W * 0.6, H * 0.95) / 1000;
  return `
  <linearGradient id="wallg" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${lighten(wall, 0.3)}"/><stop offset="1" stop-color="${darken(wall, 0.08)}"/>
  </linearGradient>
  <linearGradient id="floorg" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${lighten(floor, 0.15)}"/><stop offset="1" stop-color="${darken(floor, 0.25)}"/>
  </linearGradient>
  <rect width="${W}" height="${H}" fill="${side}"/>
  <path d="M 0 0 L ${W} 0 L ${n(br)} ${n(bt)} L ${n(bl)} ${n(bt)} Z" fill="${lighten(c.sky, 0.25)}"/>
  ${lamp(W * 0.1, W * 0.3, 1)}${lamp(W * 0.42, W * 0.58, 1)}${lamp(W * 0.7, W * 0.9, 1)}
  <path d="M 0 0 L ${n(bl)} ${n(bt)} L ${n(bl)} ${n(bb)} L 0 ${H} Z" fill="${darken(side, 0.06)}"/>
  <path d="M ${W} 0 L ${n(br)} ${n(bt)} L ${n(br)} ${n(bb)} L ${W} ${H} Z" fill="${darken(side, 0.12)}"/>
  <path d="M ${n(W * 0.03)} ${n(H * 0.08)} L ${n(bl - W * 0.02)} ${n(bt + H * 0.04)} L ${n(bl - W * 0.02)} ${n(bt + H * 0.22)} L ${n(W * 0.03)} ${n(H * 0.42)} Z" fill="#ffffff" opacity="0.85"/>
  <path d="M ${n(W * 0.97)} ${n(H * 0.08)} L ${n(br + W * 0.02)} ${n(bt + H * 0.04)} L ${n(br + W * 0.02)} ${n(bt + H * 0.22)} L ${n(W * 0.97)} ${n(H * 0.42)} Z" fill="#ffffff" opacity="0.85"/>
  <rect x="${n(bl)}" y="${n(bt)}" width="${n(br - bl)}" height="${n(bb - bt)}" fill="url(#wallg)"/>
  ${panels}
  <path d="M 0 ${H} L ${n(bl)} ${n(bb)} L ${n(br)} ${n(bb)} L ${W} ${H} Z" fill="url(#floorg)"/>
  <g stroke="#000000" stroke-opacity="0.12" stroke-width="2">${grid}</g>
  <ellipse cx="${n(W / 2)}" cy="${n(H * 0.04)}" rx="${n(W * 0.6)}" ry="${n(H * 0.3)}" fill="url(#soft)" opacity="0.6"/>
  ${placeVehicle(c, car, W * 0.54, H * 0.8, scale, { reflect: 0.16 })}
  ${mist}`;
}

function workshopScene(c: Ctx): string {
  const { W, H } = c;
  const floorY = H * 0.64;
  const wall = c.sky;
  const door = { x: W * 0.05, y: H * 0.14, w: W * 0.3, h: floorY - H * 0.14 };
  const outsideSea = mix(c.low, '#3f7fa6', 0.45);
  let cladding = '';
  for (let x = 0; x < W; x += W / 48) {
    cladding += `<line x1="${n(x)}" y1="0" x2="${n(x)}" y2="${n(floorY)}"/>`;
  }
  let lights = '';
  for (const f of [0.2, 0.5, 0.8]) {
    const x = W * f;
    lights += `<ellipse cx="${n(x)}" cy="${n(H * 0.06)}" rx="${n(W * 0.16)}" ry="${n(H * 0.12)}" fill="url(#soft)" opacity="0.55"/>
    <rect x="${n(x - W * 0.08)}" y="${n(H * 0.045)}" width="${n(W * 0.16)}" height="${n(H * 0.018)}" rx="4" fill="#fffdf5"/>`;
  }
  // tool board with spanners and tins of paint
  const tb = { x: W * 0.7, y: H * 0.2, w: W * 0.24, h: H * 0.22 };
  let tools = '';
  for (let i = 0; i < 7; i++) {
    const x = tb.x + tb.w * (0.1 + i * 0.12);
    const len = tb.h * range(c.rng, 0.35, 0.65);
    tools += `<rect x="${n(x)}" y="${n(tb.y + tb.h * 0.12)}" width="${n(W * 0.006)}" height="${n(len)}" rx="3" fill="#c9cfd5"/>
    <circle cx="${n(x + W * 0.003)}" cy="${n(tb.y + tb.h * 0.12)}" r="${n(W * 0.008)}" fill="none" stroke="#c9cfd5" stroke-width="${n(W * 0.003)}"/>`;
  }
  const tinColours = ['#e8664a', '#2f6fb0', '#f2b705', '#f4f1ea', '#2f6b4f', '#b3202a'];
  let tins = '';
  for (let i = 0; i < 6; i++) {
    const x = tb.x + tb.w * (0.04 + i * 0.16);
    tins += `<rect x="${n(x)}" y="${n(tb.y + tb.h * 1.12)}" width="${n(tb.w * 0.12)}" height="${n(tb.h * 0.22)}" rx="3" fill="${tinColours[(i + c.seed) % tinColours.length] ?? '#e8664a'}"/>`;
  }
  const useVan = c.seed % 2 === 1;
  const scale = Math.min(W * 0.5, H * 0.8) / 1000;
  const cx = W * 0.55;
  const liftY = H * 0.78;
  const platformH = H * 0.035;
  return `
  <linearGradient id="wallw" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${darken(wall, 0.2)}"/><stop offset="1" stop-color="${mix(wall, c.low, 0.25)}"/>
  </linearGradient>
  <linearGradient id="floorw" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${mix(c.low, wall, 0.45)}"/><stop offset="1" stop-color="${darken(mix(c.low, wall, 0.6), 0.3)}"/>
  </linearGradient>
  <linearGradient id="outside" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${lighten(mix(c.low, '#7fb3cf', 0.5), 0.2)}"/><stop offset="1" stop-color="${lighten(c.low, 0.55)}"/>
  </linearGradient>
  <rect width="${W}" height="${n(floorY)}" fill="url(#wallw)"/>
  <g stroke="#000000" stroke-opacity="0.12" stroke-width="2">${cladding}</g>
  <rect x="${n(door.x)}" y="${n(door.y)}" width="${n(door.w)}" height="${n(door.h)}" fill="url(#outside)"/>
  <rect x="${n(door.x)}" y="${n(door.y + door.h * 0.62)}" width="${n(door.w)}" height="${n(door.h * 0.1)}" fill="${outsideSea}"/>
  <path d="M ${n(door.x)} ${n(door.y + door.h * 0.62)} Q ${n(door.x + door.w * 0.3)} ${n(door.y + door.h * 0.5)} ${n(door.x + door.w * 0.55)} ${n(door.y + door.h * 0.62)} Z" fill="${mix(outsideSea, c.low, 0.5)}"/>
  <rect x="${n(door.x)}" y="${n(door.y + door.h * 0.72)}" width="${n(door.w)}" height="${n(door.h * 0.28)}" fill="${mix(c.low, '#8b8f92', 0.5)}"/>
  <rect x="${n(door.x - W * 0.01)}" y="${n(door.y - H * 0.05)}" width="${n(door.w + W * 0.02)}" height="${n(H * 0.06)}" rx="6" fill="${darken(wall, 0.35)}"/>
  <rect x="${n(door.x - W * 0.012)}" y="${n(door.y)}" width="${n(W * 0.012)}" height="${n(door.h)}" fill="${darken(wall, 0.35)}"/>
  <rect x="${n(door.x + door.w)}" y="${n(door.y)}" width="${n(W * 0.012)}" height="${n(door.h)}" fill="${darken(wall, 0.35)}"/>
  <rect x="${n(tb.x)}" y="${n(tb.y)}" width="${n(tb.w)}" height="${n(tb.h)}" rx="6" fill="${darken(wall, 0.3)}"/>
  ${tools}
  <rect x="${n(tb.x - W * 0.01)}" y="${n(tb.y + tb.h * 1.34)}" width="${n(tb.w + W * 0.02)}" height="${n(H * 0.012)}" fill="${darken(wall, 0.4)}"/>
  ${tins}
  <rect x="0" y="${n(floorY)}" width="${W}" height="${n(H - floorY)}" fill="url(#floorw)"/>
  <path d="M ${n(door.x)} ${n(floorY)} L ${n(door.x + door.w)} ${n(floorY)} L ${n(door.x + door.w * 1.9)} ${H} L ${n(door.x - door.w * 0.4)} ${H} Z" fill="#fffaf0" opacity="0.12"/>
  <rect x="0" y="${n(floorY)}" width="${W}" height="${n(H * 0.008)}" fill="#000000" opacity="0.25"/>
  ${lights}
  <rect x="${n(W * 0.83)}" y="${n(H * 0.5)}" width="${n(W * 0.12)}" height="${n(H * 0.3)}" rx="8" fill="#c4232c"/>
  <g stroke="#7e1218" stroke-width="3">
    <line x1="${n(W * 0.84)}" y1="${n(H * 0.57)}" x2="${n(W * 0.94)}" y2="${n(H * 0.57)}"/>
    <line x1="${n(W * 0.84)}" y1="${n(H * 0.64)}" x2="${n(W * 0.94)}" y2="${n(H * 0.64)}"/>
    <line x1="${n(W * 0.84)}" y1="${n(H * 0.71)}" x2="${n(W * 0.94)}" y2="${n(H * 0.71)}"/>
  </g>
  <rect x="${n(W * 0.83)}" y="${n(H * 0.49)}" width="${n(W * 0.12)}" height="${n(H * 0.02)}" rx="4" fill="#2a2e33"/>
  <ellipse cx="${n(cx)}" cy="${n(liftY + platformH)}" rx="${n(W * 0.36)}" ry="${n(H * 0.04)}" fill="url(#shadow)"/>
  <rect x="${n(cx - 470 * scale)}" y="${n(liftY)}" width="${n(940 * scale)}" height="${n(platformH)}" rx="4" fill="#3a4047"/>
  <rect x="${n(cx - 470 * scale)}" y="${n(liftY)}" width="${n(940 * scale)}" height="${n(platformH * 0.3)}" fill="#f2b705"/>
  ${placeVehicle(c, useVan ? van : car, cx, liftY, scale, { reflect: 0 })}`;
}

function coastScene(c: Ctx): string {
  const { W, H } = c;
  const horizon = H * 0.52;
  const seaTop = mix(mix(darken(c.sky, 0.1), c.low, 0.5), '#2d6f8c', 0.25);
  const seaBottom = mix(darken(c.sky, 0.3), '#1d4f6a', 0.25);
  const cliff = mix(darken(c.sky, 0.35), c.low, 0.25);
  const wallC = mix('#8d8a82', c.low, 0.25);
  const quayY = H * 0.8;
  const u = Math.min(W, H * 1.6) / 1000; // unit for small props
  let glitter = '';
  for (let i = 0; i < 30; i++) {
    const x = range(c.rng, 0.45, 0.95) * W;
    const y = range(c.rng, horizon + 4, quayY - 4);
    glitter += `<rect x="${n(x)}" y="${n(y)}" width="${n(range(c.rng, 8, 40) * u)}" height="${n(1.5 * u)}" fill="#ffffff" opacity="${range(c.rng, 0.2, 0.6).toFixed(2)}"/>`;
  }
  let gulls = '';
  for (let i = 0; i < 3; i++) {
    const x = range(c.rng, 0.3, 0.7) * W;
    const y = range(c.rng, 0.12, 0.3) * H;
    const s = range(c.rng, 10, 18) * u;
    gulls += `<path d="M ${n(x - s)} ${n(y)} Q ${n(x - s / 2)} ${n(y - s * 0.6)} ${n(x)} ${n(y)} Q ${n(x + s / 2)} ${n(y - s * 0.6)} ${n(x + s)} ${n(y)}" stroke="#1f2a33" stroke-opacity="0.65" stroke-width="${n(2.4 * u)}" fill="none"/>`;
  }
  const boatColours = [c.subject, '#e8664a', '#f4f1ea', '#2f6fb0'];
  let boats = '';
  for (let i = 0; i < 3; i++) {
    const x = (0.3 + i * 0.17 + range(c.rng, -0.03, 0.03)) * W;
    const y = horizon + (quayY - horizon) * (0.3 + i * 0.2);
    const s = (0.5 + i * 0.25) * u;
    const col = boatColours[(i + c.seed) % boatColours.length] ?? '#e8664a';
    boats += `<g transform="translate(${n(x)} ${n(y)}) scale(${s.toFixed(3)})">
      <path d="M 0 -30 L 4 -70 L 6 -30 Z" fill="#f4f1ea"/>
      <rect x="-20" y="-34" width="22" height="16" fill="#f4f1ea"/>
      <path d="M -40 -18 L 44 -20 L 34 0 L -36 0 Z" fill="${col}"/>
      <path d="M -36 2 L 34 2 L 30 10 L -32 10 Z" fill="${col}" opacity="0.25"/>
    </g>`;
  }
  // harbour wall running in from the right with a lighthouse on its end
  const hwY = horizon + (quayY - horizon) * 0.35;
  const hx = W * 0.62;
  const lh = 120 * u;
  const lw = 22 * u;
  // the workshop on the quay, at the right
  const bx = W * 0.7;
  const bw = W * 0.26;
  const bh = 150 * u;
  const by = quayY - bh;
  return `
  <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${seaTop}"/><stop offset="1" stop-color="${seaBottom}"/>
  </linearGradient>
  <linearGradient id="cliffg" gradientUnits="userSpaceOnUse" x1="0" y1="${n(horizon - H * 0.24)}" x2="0" y2="${n(horizon + H * 0.08)}">
    <stop offset="0" stop-color="${mix(cliff, '#7d9a5a', 0.45)}"/>
    <stop offset="0.18" stop-color="${mix(cliff, '#7d9a5a', 0.2)}"/>
    <stop offset="0.3" stop-color="${lighten(cliff, 0.08)}"/>
    <stop offset="1" stop-color="${darken(cliff, 0.2)}"/>
  </linearGradient>
  ${sunAndSky(c, horizon)}
  ${ridge(c, horizon - H * 0.02, H * 0.035, horizon + 2, mix(c.sky, c.low, 0.6), 6)}
  <rect x="0" y="${n(horizon)}" width="${W}" height="${n(H - horizon)}" fill="url(#sea)"/>
  <path d="M 0 ${n(horizon - H * 0.2)} Q ${n(W * 0.1)} ${n(horizon - H * 0.24)} ${n(W * 0.2)} ${n(horizon - H * 0.15)} Q ${n(W * 0.27)} ${n(horizon - H * 0.1)} ${n(W * 0.3)} ${n(horizon + H * 0.02)} L ${n(W * 0.32)} ${n(horizon + H * 0.06)} L 0 ${n(horizon + H * 0.08)} Z" fill="url(#cliffg)"/>
  ${glitter}
  ${bokeh(c, 8 + Math.floor(c.rng() * 5), horizon)}
  ${gulls}
  ${boats}
  <path d="M ${n(hx)} ${n(hwY)} L ${W} ${n(hwY - H * 0.02)} L ${W} ${n(hwY + H * 0.05)} L ${n(hx)} ${n(hwY + H * 0.03)} Z" fill="${wallC}"/>
  <path d="M ${n(hx)} ${n(hwY)} L ${W} ${n(hwY - H * 0.02)} L ${W} ${n(hwY - H * 0.012)} L ${n(hx)} ${n(hwY + H * 0.006)} Z" fill="${lighten(wallC, 0.3)}"/>
  <g transform="translate(${n(hx + lw)} ${n(hwY + 2)})">
    <path d="M ${n(-lw)} 0 L ${n(-lw * 0.7)} ${n(-lh)} L ${n(lw * 0.7)} ${n(-lh)} L ${n(lw)} 0 Z" fill="#f4f1ea"/>
    <path d="M ${n(-lw * 0.9)} ${n(-lh * 0.3)} L ${n(-lw * 0.83)} ${n(-lh * 0.55)} L ${n(lw * 0.83)} ${n(-lh * 0.55)} L ${n(lw * 0.9)} ${n(-lh * 0.3)} Z" fill="${luminance(c.subject) > 0.7 ? '#e8664a' : c.subject}"/>
    <rect x="${n(-lw * 0.6)}" y="${n(-lh - 24 * u)}" width="${n(lw * 1.2)}" height="${n(24 * u)}" fill="#fff3c4"/>
    <path d="M ${n(-lw * 0.85)} ${n(-lh - 24 * u)} L 0 ${n(-lh - 42 * u)} L ${n(lw * 0.85)} ${n(-lh - 24 * u)} Z" fill="#2a2e33"/>
    <circle cx="0" cy="${n(-lh - 12 * u)}" r="${n(60 * u)}" fill="url(#glow)" opacity="0.6"/>
  </g>
  <rect x="0" y="${n(quayY)}" width="${W}" height="${n(H - quayY)}" fill="${mix(wallC, c.sky, 0.3)}"/>
  <rect x="0" y="${n(quayY)}" width="${W}" height="${n(8 * u)}" fill="${lighten(wallC, 0.35)}"/>
  <rect x="0" y="${n(quayY)}" width="${W}" height="${n(H - quayY)}" fill="url(#ground)"/>
  <rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}" fill="${mix('#dfe3e4', c.low, 0.2)}"/>
  <path d="M ${n(bx - 10 * u)} ${n(by)} L ${n(bx + bw / 2)} ${n(by - 40 * u)} L ${n(bx + bw + 10 * u)} ${n(by)} Z" fill="#0f2a44"/>
  <rect x="${n(bx + bw * 0.1)}" y="${n(by + bh * 0.35)}" width="${n(bw * 0.45)}" height="${n(bh * 0.65)}" fill="#4a5058"/>
  <g stroke="#000000" stroke-opacity="0.25" stroke-width="${n(2 * u)}">
    ${[0.45, 0.55, 0.65, 0.75, 0.85, 0.95].map((f) => `<line x1="${n(bx + bw * 0.1)}" y1="${n(by + bh * f)}" x2="${n(bx + bw * 0.55)}" y2="${n(by + bh * f)}"/>`).join('')}
  </g>
  <rect x="${n(bx + bw * 0.66)}" y="${n(by + bh * 0.45)}" width="${n(bw * 0.12)}" height="${n(bh * 0.55)}" fill="#2f6fb0"/>
  <rect x="${n(bx + bw * 0.06)}" y="${n(by + bh * 0.08)}" width="${n(bw * 0.88)}" height="${n(bh * 0.18)}" fill="#0f2a44"/>
  <text x="${n(bx + bw * 0.5)}" y="${n(by + bh * 0.215)}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${n(bw * 0.045)}" fill="#ffffff">HARBOURSIDE <tspan fill="#e8664a">BODY &amp; PAINT</tspan></text>`;
}

/* ------------------------------------------------------------------ */
/* Caption and texture                                                 */
/* ------------------------------------------------------------------ */

function caption(spec: DemoImageSpec, c: Ctx): string {
  const title = spec.title.trim();
  if (!title) return '';
  const { W, H } = c;
  const base = Math.sqrt(W * H);
  const fs = Math.round(base * 0.044);
  const sfs = Math.round(fs * 0.5);
  const sub = spec.subtitle?.trim();
  const margin = Math.round(fs * 0.9);
  const subBase = H - margin;
  const titleBase = sub ? subBase - sfs * 1.7 : H - margin;
  const top = titleBase - fs * 1.55;
  const dark = mix(darken(c.sky, 0.7), '#0b1520', 0.5);
  const x = margin + fs * 0.45;
  return `
  <linearGradient id="band" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${dark}" stop-opacity="0.74"/>
    <stop offset="0.35" stop-color="${dark}" stop-opacity="0.55"/>
    <stop offset="0.8" stop-color="${dark}" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="bandTop" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${dark}" stop-opacity="0"/>
    <stop offset="1" stop-color="${dark}" stop-opacity="0.3"/>
  </linearGradient>
  <rect x="0" y="${n(top - fs * 1.2)}" width="${W}" height="${n(fs * 1.2)}" fill="url(#bandTop)"/>
  <rect x="0" y="${n(top)}" width="${W}" height="${n(H - top)}" fill="url(#bandTop)" opacity="1"/>
  <rect x="0" y="${n(top)}" width="${W}" height="${n(H - top)}" fill="url(#band)"/>
  <rect x="${margin}" y="${n(titleBase - fs * 0.78)}" width="${n(fs * 0.14)}" height="${n((sub ? subBase + sfs * 0.2 : titleBase + fs * 0.08) - (titleBase - fs * 0.78))}" rx="${n(fs * 0.05)}" fill="#e8664a"/>
  <text x="${n(x)}" y="${n(titleBase)}" font-family="${FONT}" font-weight="bold" font-size="${fs}" fill="#ffffff">${escapeXml(title)}</text>
  ${sub ? `<text x="${n(x)}" y="${n(subBase)}" font-family="${FONT}" font-size="${sfs}" fill="#ffffff" fill-opacity="0.85">${escapeXml(sub)}</text>` : ''}`;
}

const GRAIN = 128;
const grainCache = new Map<number, Promise<string>>();

/**
 * A small tile of monochrome film grain as a PNG data URI, deterministic for
 * the seed. Tiling it with an SVG pattern is much cheaper than a sharp composite.
 */
function grainTile(seed: number): Promise<string> {
  const key = Math.abs(Math.trunc(seed)) % 8;
  let hit = grainCache.get(key);
  if (!hit) {
    const rng = prng(0x5eed + key);
    const buf = Buffer.alloc(GRAIN * GRAIN * 4);
    for (let i = 0; i < GRAIN * GRAIN; i++) {
      const v = rng() < 0.5 ? 0 : 255;
      buf[i * 4] = v;
      buf[i * 4 + 1] = v;
      buf[i * 4 + 2] = v;
      buf[i * 4 + 3] = Math.floor(rng() * 11);
    }
    hit = sharp(buf, { raw: { width: GRAIN, height: GRAIN, channels: 4 } })
      .png()
      .toBuffer()
      .then((png) => `data:image/png;base64,${png.toString('base64')}`);
    grainCache.set(key, hit);
  }
  return hit;
}

function grainLayer(uri: string | undefined, W: number, H: number): string {
  if (!uri) return '';
  return `<pattern id="grain" width="${GRAIN}" height="${GRAIN}" patternUnits="userSpaceOnUse"><image href="${uri}" width="${GRAIN}" height="${GRAIN}"/></pattern>
  <rect width="${W}" height="${H}" fill="url(#grain)"/>`;
}

/* ------------------------------------------------------------------ */
/* Entry point                                                         */
/* ------------------------------------------------------------------ */

function buildDemoSvg(spec: DemoImageSpec, grainUri?: string): string {
  const W = Math.max(16, Math.round(spec.width));
  const H = Math.max(16, Math.round(spec.height));
  const [sky, low, subject] = spec.palette;
  const c: Ctx = { W, H, sky, low, subject, rng: prng(spec.seed), seed: Math.abs(Math.trunc(spec.seed)) };

  let scene: string;
  switch (spec.motif) {
    case 'car':
      scene = quayScene(c, car, 360, 500);
      break;
    case 'van':
      scene = quayScene(c, van, 470, 500);
      break;
    case 'motorcycle':
      scene = quayScene(c, motorcycle, 640, 470);
      break;
    case 'digger':
      scene = quayScene(c, digger, 660, 500);
      break;
    case 'boat':
      scene = boatScene(c);
      break;
    case 'spraybooth':
      scene = boothScene(c);
      break;
    case 'workshop':
      scene = workshopScene(c);
      break;
    case 'coast':
    default:
      scene = coastScene(c);
      break;
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>${sharedDefs(c)}
  <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#000000" stop-opacity="0"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0.35"/>
  </linearGradient>
  <linearGradient id="vigL" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#000000" stop-opacity="0.24"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="vigR" x1="1" y1="0" x2="0" y2="0">
    <stop offset="0" stop-color="#000000" stop-opacity="0.24"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="vigT" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#000000" stop-opacity="0.2"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0"/>
  </linearGradient>
  </defs>
  ${scene}
  <rect width="${n(W * 0.2)}" height="${H}" fill="url(#vigL)"/>
  <rect x="${n(W * 0.8)}" width="${n(W * 0.2)}" height="${H}" fill="url(#vigR)"/>
  <rect width="${W}" height="${n(H * 0.22)}" fill="url(#vigT)"/>
  ${grainLayer(grainUri, W, H)}
  ${caption(spec, c)}
</svg>`;
}

/**
 * Renders a demo image to JPEG. Defaults to quality 82, baseline (fast enough
 * for seeding); pass `progressive` for files that are served as-is.
 */
export async function drawDemoImage(spec: DemoImageSpec, options: { quality?: number; progressive?: boolean } = {}): Promise<Buffer> {
  const svg = buildDemoSvg(spec, await grainTile(spec.seed));
  return sharp(Buffer.from(svg))
    .jpeg({ quality: options.quality ?? 82, progressive: options.progressive ?? false })
    .toBuffer();
}
