import { clock, type DrawnPart } from './labels.js';
import { circle, el, fan, fitSize, rect, repeat, text } from './svg.js';

/*
 * The parts that are circuit boards: processors, motherboards, memory, M.2 drives, graphics and
 * network cards. Each drawing sits in the picture's upper part (y 40 to 390, centred on x 400),
 * above the label; `c` is the brand's colour.
 */

const GOLD = '#d4a72c';
const PCB = '#1f5f45';
const num = (p: DrawnPart, key: string) => Number(p.attributes[key] ?? 0);
const str = (p: DrawnPart, key: string) => String(p.attributes[key] ?? '');
const upper = (p: DrawnPart) => p.brand.toUpperCase();

export function processor(p: DrawnPart, c: string): string {
  const x = 270;
  const y = 70;
  const s = 260;
  return [
    rect(x, y, s, s, PCB, { rx: 14 }),
    repeat(12, (i) => rect(x + 22 + i * 19, y + s - 14, 8, 6, GOLD)),
    rect(x + 26, y + 26, s - 52, s - 52, 'url(#metal)', { rx: 18, stroke: '#9aa5b1', 'stroke-width': 2 }),
    el('path', { d: `M${x + 40} ${y + s - 40}h18l-18-18z`, fill: GOLD }),
    text(400, y + 100, fitSize(upper(p), 180, 30), upper(p), { fill: c, weight: 'bold', spacing: 1 }),
    text(400, y + 142, 22, `${num(p, 'cores')}C / ${num(p, 'threads')}T`, { weight: 'bold' }),
    text(400, y + 174, 20, clock(num(p, 'boostClock'))),
    text(400, y + 204, 16, str(p, 'socket'), { fill: '#52606d' }),
  ].join('');
}

const BOARD_SIZES: Record<string, [number, number]> = {
  ATX: [300, 340],
  'Micro-ATX': [300, 300],
  'Mini-ITX': [250, 250],
};

export function motherboard(p: DrawnPart, c: string): string {
  const [w, h] = BOARD_SIZES[str(p, 'formFactor')] ?? [300, 340];
  const x = 400 - w / 2;
  const y = 45 + (340 - h) / 2;
  const sx = x + 50;
  const slots = str(p, 'formFactor') === 'Mini-ITX' ? 2 : 4;
  const pcie = h >= 300 ? 2 : 1;
  return [
    rect(x, y, w, h, '#1e2b33', { rx: 8 }),
    rect(x + 12, y + 12, 30, 120, '#5b6670', { rx: 4 }),
    rect(x + 12, y + 12, 150, 26, '#5b6670', { rx: 4 }),
    rect(sx, y + 50, 92, 92, '#c9ced6', { rx: 4 }),
    rect(sx + 13, y + 63, 66, 66, '#8a939e', { rx: 2 }),
    repeat(slots, (i) =>
      [rect(sx + 112 + i * 16, y + 30, 9, 140, '#39444d'), rect(sx + 112 + i * 16, y + 30, 9, 10, c)].join(
        '',
      ),
    ),
    rect(sx, y + 160, 110, 10, '#2a353e', { rx: 2 }),
    repeat(pcie, (i) =>
      rect(x + 30, y + 190 + i * 56, w * 0.68, 14, i === 0 ? '#aab4be' : '#11181f', { rx: 2 }),
    ),
    rect(x + w - 112, y + h - 96, 96, 80, c, { rx: 8 }),
    text(x + w - 64, y + h - 60, fitSize(upper(p), 84, 16), upper(p), { fill: '#fff', weight: 'bold' }),
    text(x + w - 64, y + h - 34, 18, str(p, 'chipset'), { fill: '#fff' }),
  ].join('');
}

export function memory(p: DrawnPart, c: string): string {
  const modules = Math.max(1, Math.min(4, num(p, 'modules')));
  const each = num(p, 'capacity') / modules;
  const w = 520;
  const h = 120;
  const stick = (i: number) => {
    const back = modules - 1 - i;
    const x = 130 + back * 26;
    const y = 200 - back * 56;
    return [
      rect(x, y, w, h, PCB, { rx: 4 }),
      repeat(38, (j) => (j === 17 ? '' : rect(x + 14 + j * 13, y + h - 20, 8, 18, GOLD))),
      rect(x - 4, y - 14, w + 8, h - 24, c, { rx: 6, stroke: '#00000033', 'stroke-width': 2 }),
      rect(x - 4, y - 14, w + 8, 12, '#00000026', { rx: 6 }),
      text(x + 24, y + 38, 28, upper(p), { fill: '#fff', weight: 'bold', anchor: 'start', spacing: 2 }),
      text(x + w - 24, y + 38, 24, `${str(p, 'memoryType')}-${num(p, 'speed')}`, {
        fill: '#fff',
        weight: 'bold',
        anchor: 'end',
      }),
      text(x + w - 24, y + 68, 20, `${each} GB`, { fill: '#fff', anchor: 'end' }),
    ].join('');
  };
  return repeat(modules, stick);
}

/** An M.2 stick; a 2.5-inch drive is a box (draw-boxes.ts). */
export function m2Drive(p: DrawnPart, c: string, capacity: string): string {
  const x = 130;
  const y = 160;
  const w = 540;
  const h = 130;
  return [
    rect(x, y, w, h, PCB, { rx: 6 }),
    circle(x, y + h / 2, 14, '#e3e8ef'),
    repeat(12, (j) => rect(x + w - 24, y + 10 + j * 9.5, 24, 6, GOLD)),
    rect(x + w - 24, y + 62, 24, 8, '#e3e8ef'),
    rect(x + 36, y + 14, w - 96, h - 28, c, { rx: 6 }),
    text(x + 60, y + 60, 30, upper(p), { fill: '#fff', weight: 'bold', anchor: 'start', spacing: 2 }),
    text(x + w - 84, y + 60, 30, capacity, { fill: '#fff', weight: 'bold', anchor: 'end' }),
    text(x + 60, y + 92, 18, `${str(p, 'interface')} · ${str(p, 'driveFormFactor')}`, {
      fill: '#fff',
      anchor: 'start',
    }),
  ].join('');
}

export function graphicsCard(p: DrawnPart, c: string): string {
  const length = num(p, 'gpuLength');
  const w = Math.round(300 + (Math.min(Math.max(length, 190), 360) - 190) * 1.4);
  const h = 170;
  const x = 400 - w / 2;
  const y = 130;
  const fans = length < 230 ? 1 : length < 300 ? 2 : 3;
  const r = Math.min(66, (w - 40) / fans / 2 - 10);
  const gap = (w - 20) / fans;
  return [
    rect(x - 18, y - 30, 18, h + 56, '#aab4be', { rx: 3 }),
    rect(x + 70, y + h - 4, w * 0.42, 18, GOLD, { rx: 2 }),
    rect(x + 8, y - 34, w - 16, 36, '#3a444e', { rx: 8 }),
    text(x + 28, y - 9, 20, upper(p), { fill: c, weight: 'bold', anchor: 'start', spacing: 2 }),
    text(x + w - 110, y - 9, 18, `${num(p, 'vram')} GB`, { fill: '#fff', weight: 'bold', anchor: 'end' }),
    rect(x + w - 96, y - 46, 64, 14, '#11181f', { rx: 2 }),
    rect(x, y, w, h, '#232b33', { rx: 18 }),
    rect(x, y + h - 14, w, 14, c, { rx: 6 }),
    repeat(fans, (i) => fan(x + 10 + gap * (i + 0.5), y + h / 2 - 6, r, c)),
  ].join('');
}

export function networkCard(p: DrawnPart, c: string): string {
  const standard = str(p, 'standard');
  if (str(p, 'bus').startsWith('USB')) return usbAdapter(p, c);
  const wireless = standard.startsWith('Wi-Fi');
  const fingers = str(p, 'bus').endsWith('x1') ? 60 : 120;
  return [
    wireless
      ? repeat(2, (i) =>
          rect(212 + i * 30, 40, 16, 120, '#1f2933', {
            rx: 8,
            transform: `rotate(${-12 + i * 24} ${220 + i * 30} 160)`,
          }),
        )
      : '',
    rect(200, 150, 22, 210, '#aab4be', { rx: 3 }),
    wireless ? '' : rect(196, 210, 30, 36, '#11181f', { rx: 3 }),
    rect(222, 180, 380, 150, PCB, { rx: 6 }),
    rect(330, 330, fingers, 16, GOLD, { rx: 2 }),
    rect(270, 200, 240, 100, c, { rx: 10 }),
    repeat(7, (i) => rect(282 + i * 32, 206, 6, 88, '#00000022')),
    text(390, 245, fitSize(upper(p), 210, 30), upper(p), { fill: '#fff', weight: 'bold', spacing: 2 }),
    text(390, 280, fitSize(standard, 210, 22), standard, { fill: '#fff' }),
  ].join('');
}

function usbAdapter(p: DrawnPart, c: string): string {
  return [
    el('path', {
      d: 'M470 340 C560 340 560 250 640 250',
      fill: 'none',
      stroke: '#1f2933',
      'stroke-width': 10,
    }),
    el('ellipse', { cx: 400, cy: 350, rx: 110, ry: 24, fill: '#2b3440' }),
    rect(340, 70, 120, 270, '#1f2933', { rx: 24 }),
    rect(340, 70, 120, 24, c, { rx: 12 }),
    text(400, 200, fitSize(upper(p), 100, 22), upper(p), { fill: '#fff', weight: 'bold' }),
    text(400, 232, fitSize(str(p, 'standard'), 100, 18), str(p, 'standard'), { fill: c }),
  ].join('');
}
