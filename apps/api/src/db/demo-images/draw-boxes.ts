import type { DrawnPart } from './labels.js';
import { circle, el, fan, fitSize, rect, repeat, text } from './svg.js';

/*
 * The parts that are boxes or frames: drives, power supplies, cases, coolers and monitors. As in
 * draw-boards.ts, each sits above the label (y 40 to 390, centred on x 400); `c` is the brand's colour.
 */

const num = (p: DrawnPart, key: string) => Number(p.attributes[key] ?? 0);
const str = (p: DrawnPart, key: string) => String(p.attributes[key] ?? '');
const upper = (p: DrawnPart) => p.brand.toUpperCase();
const screws = (x: number, y: number, w: number, h: number, inset = 16) =>
  [
    [x + inset, y + inset],
    [x + w - inset, y + inset],
    [x + inset, y + h - inset],
    [x + w - inset, y + h - inset],
  ]
    .map(([cx, cy]) => circle(cx ?? 0, cy ?? 0, 6, '#7b8794'))
    .join('');

/** A 2.5-inch SSD: a shell with the maker's label over most of it. */
export function sataDrive(p: DrawnPart, c: string, capacity: string): string {
  return [
    rect(200, 70, 400, 290, '#2b3440', { rx: 16 }),
    screws(200, 70, 400, 290, 14),
    rect(236, 104, 328, 222, c, { rx: 10 }),
    text(400, 180, fitSize(upper(p), 290, 40), upper(p), { fill: '#fff', weight: 'bold', spacing: 3 }),
    text(400, 240, 40, capacity, { fill: '#fff', weight: 'bold' }),
    text(400, 290, 20, `${str(p, 'driveFormFactor')} ${str(p, 'interface')} SSD`, { fill: '#fff' }),
  ].join('');
}

export function hardDrive(p: DrawnPart, c: string, capacity: string): string {
  const large = str(p, 'driveFormFactor').startsWith('3.5');
  const [w, h] = large ? [420, 320] : [340, 250];
  const x = 400 - w / 2;
  const y = 50 + (320 - h) / 2;
  const lw = w - 90;
  const lx = 400 - lw / 2;
  const ly = y + 36;
  return [
    rect(x, y, w, h, 'url(#metal)', { rx: 16, stroke: '#9aa5b1', 'stroke-width': 2 }),
    screws(x, y, w, h),
    rect(lx, ly, lw, h - 72, '#fff', { rx: 8, stroke: '#cbd2d9' }),
    rect(lx, ly, lw, 56, c, { rx: 8 }),
    text(400, ly + 38, fitSize(upper(p), lw - 30, 30), upper(p), {
      fill: '#fff',
      weight: 'bold',
      spacing: 3,
    }),
    text(400, ly + 112, 44, capacity, { weight: 'bold' }),
    text(400, ly + 150, 20, `${num(p, 'rpm')} RPM · ${str(p, 'interface')}`, { fill: '#374151' }),
  ].join('');
}

export function powerSupply(p: DrawnPart, c: string): string {
  const efficiency = str(p, 'efficiency').replace(/^80 Plus\s*/i, '');
  return [
    rect(170, 70, 460, 290, '#262e36', { rx: 12 }),
    circle(320, 215, 118, '#1a2027'),
    repeat(6, (i) => circle(320, 215, 20 + i * 19, 'none', { stroke: '#4a5561', 'stroke-width': 4 })),
    el('path', { d: 'M202 215h236M320 97v236', stroke: '#4a5561', 'stroke-width': 4 }),
    circle(320, 215, 22, c),
    rect(468, 100, 140, 230, c, { rx: 8 }),
    text(538, 140, fitSize(upper(p), 120, 22), upper(p), { fill: '#fff', weight: 'bold', spacing: 1 }),
    text(538, 200, fitSize(`${num(p, 'wattage')}W`, 110, 32), `${num(p, 'wattage')}W`, {
      fill: '#fff',
      weight: 'bold',
    }),
    rect(488, 224, 100, 58, '#fff', { rx: 6 }),
    text(538, 246, 14, '80 PLUS', { fill: '#111827', weight: 'bold' }),
    text(538, 271, fitSize(efficiency, 90, 20), efficiency.toUpperCase(), {
      fill: '#111827',
      weight: 'bold',
    }),
    text(538, 310, 14, str(p, 'modular') === 'No' ? 'FIXED' : `${str(p, 'modular').toUpperCase()} MODULAR`, {
      fill: '#fff',
    }),
  ].join('');
}

const CASE_SIZES: Record<string, [number, number]> = {
  'Full tower': [270, 340],
  'Mid tower': [250, 320],
  'Mini tower': [230, 280],
  'Small form factor': [300, 240],
};

export function pcCase(p: DrawnPart, c: string): string {
  const [w, h] = CASE_SIZES[str(p, 'caseType')] ?? [250, 320];
  const x = 400 - w / 2;
  const y = 380 - h;
  const glass = w - 70;
  const fans = Math.max(1, Math.floor((h - 80) / 100));
  const light = p.name.includes('White');
  return [
    rect(x, y, w, h, light ? '#e5e9ee' : '#1c232a', { rx: 10 }),
    rect(x + 14, y + 14, glass, h - 90, '#2e3b47', { rx: 6, 'fill-opacity': 0.85 }),
    rect(x + 34, y + 34, glass * 0.55, (h - 90) * 0.6, '#3f4e5b', { rx: 4 }),
    rect(x + 34, y + 34 + (h - 90) * 0.45, glass * 0.8, 18, '#11181f', { rx: 3 }),
    rect(x + 14, y + h - 66, glass, 52, light ? '#cfd6de' : '#11181f', { rx: 6 }),
    text(x + 14 + glass / 2, y + h - 33, fitSize(upper(p), glass - 20, 22), upper(p), {
      fill: c,
      weight: 'bold',
      spacing: 2,
    }),
    rect(x + w - 46, y + 8, 38, h - 16, 'url(#mesh)', { rx: 4 }),
    repeat(fans, (i) => circle(x + w - 27, y + 60 + i * 100, 15, 'none', { stroke: c, 'stroke-width': 3 })),
    rect(x + 16, y + h, 30, 8, '#11181f'),
    rect(x + w - 46, y + h, 30, 8, '#11181f'),
  ].join('');
}

export function cooler(p: DrawnPart, c: string): string {
  const type = str(p, 'coolerType');
  if (type.startsWith('Liquid')) return liquidCooler(p, c);
  if (type === 'Case fan') return caseFans(p, c);
  if (num(p, 'fanSize') < 100) return lowProfileCooler(p, c);
  const towers = /dual/i.test(p.name) ? 2 : 1;
  const tw = towers === 2 ? 150 : 200;
  const x0 = 400 - (towers * tw + (towers - 1) * 40) / 2;
  const tower = (i: number) => {
    const x = x0 + i * (tw + 40);
    return [
      repeat(4, (j) => rect(x + 20 + j * ((tw - 40) / 3) - 6, 40, 12, 30, '#b87333', { rx: 6 })),
      rect(x, 66, tw, 290, '#c9ced6', { rx: 4 }),
      repeat(29, (j) => rect(x, 72 + j * 10, tw, 3, '#9aa5b1')),
    ].join('');
  };
  return [
    repeat(towers, tower),
    // One top plate across every tower, so the brand on it is never cut by a gap.
    rect(x0, 62, towers * tw + (towers - 1) * 40, 24, c, { rx: 4 }),
    rect(400 - 115, 96, 230, 230, '#1f2933', { rx: 22 }),
    fan(400, 211, 100, c),
    text(400, 81, 16, upper(p), { fill: '#fff', weight: 'bold', spacing: 2 }),
    text(400, 217, 15, `${num(p, 'fanSize')}`, { fill: '#fff', weight: 'bold' }),
  ].join('');
}

function lowProfileCooler(p: DrawnPart, c: string): string {
  return [
    rect(230, 250, 340, 100, '#c9ced6', { rx: 4 }),
    repeat(24, (j) => rect(236 + j * 14, 250, 4, 100, '#9aa5b1')),
    rect(260, 350, 280, 20, '#b87333', { rx: 4 }),
    rect(250, 190, 300, 60, '#1f2933', { rx: 12 }),
    rect(250, 190, 300, 10, c, { rx: 5 }),
    text(400, 232, 22, upper(p), { fill: '#fff', weight: 'bold', spacing: 3 }),
  ].join('');
}

function liquidCooler(p: DrawnPart, c: string): string {
  const radiator = Number(/\b(240|280|360|420)\b/.exec(p.name)?.[1] ?? 240);
  const fans = Math.max(1, Math.round(radiator / num(p, 'fanSize') || 2));
  const w = fans * 150 + 30;
  const x = 400 - w / 2;
  return [
    el('path', {
      d: `M380 ${230} C380 270 360 280 370 300M420 230 C420 270 440 280 430 300`,
      fill: 'none',
      stroke: '#11181f',
      'stroke-width': 14,
    }),
    rect(x, 60, w, 170, '#1f2933', { rx: 10 }),
    repeat(fans, (i) => fan(x + 15 + 75 + i * 150, 145, 66, c)),
    circle(400, 330, 52, '#1f2933'),
    circle(400, 330, 44, 'none', { stroke: c, 'stroke-width': 6 }),
    text(400, 336, fitSize(upper(p), 76, 16), upper(p), { fill: '#fff', weight: 'bold' }),
  ].join('');
}

function caseFans(p: DrawnPart, c: string): string {
  const count = Number(/(\d+)-Pack/i.exec(p.name)?.[1] ?? 1);
  const s = count > 1 ? 190 : 290;
  const gap = 20;
  const x0 = 400 - (count * s + (count - 1) * gap) / 2;
  const y = 215 - s / 2;
  const one = (i: number) => {
    const x = x0 + i * (s + gap);
    const cx = x + s / 2;
    return [
      rect(x, y, s, s, '#1f2933', { rx: s / 9 }),
      repeat(4, (j) => circle(x + (j % 2 ? s - 18 : 18), y + (j < 2 ? 18 : s - 18), 9, '#4a5561')),
      fan(cx, 215, s * 0.44, c),
      p.attributes.rgb ? circle(cx, 215, s * 0.46, 'none', { stroke: c, 'stroke-width': 5 }) : '',
      text(cx, 219, fitSize(upper(p), s * 0.22, 14), upper(p), { fill: '#fff', weight: 'bold' }),
    ].join('');
  };
  return repeat(count, one);
}

/** The screen's colour is the brand's, through the picture's `screen` gradient. */
export function monitor(p: DrawnPart): string {
  const [rw, rh] = str(p, 'resolution').split('x').map(Number);
  const w = Math.round(14 * num(p, 'screenSize') + 80);
  const h = Math.round((w * (rh || 9)) / (rw || 16));
  const x = 400 - w / 2;
  const y = 40;
  const chin = 26;
  const neck = Math.max(24, 360 - (y + h + chin));
  return [
    rect(385, y + h + chin, 30, neck, '#2b3440'),
    el('ellipse', { cx: 400, cy: y + h + chin + neck, rx: 120, ry: 14, fill: '#2b3440' }),
    rect(x, y, w, h + chin, '#11181f', { rx: 10 }),
    rect(x + 10, y + 10, w - 20, h - 10, 'url(#screen)', { rx: 4 }),
    text(400, y + h / 2, 30, str(p, 'resolution'), { fill: '#fff', weight: 'bold' }),
    text(400, y + h / 2 + 36, 22, `${num(p, 'refreshRate')} Hz · ${str(p, 'panel')}`, { fill: '#fff' }),
    text(400, y + h + 17, 14, upper(p), { fill: '#cbd2d9', weight: 'bold', spacing: 3 }),
  ].join('');
}
