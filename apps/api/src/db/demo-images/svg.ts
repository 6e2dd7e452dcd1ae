/** Small SVG builders for the demo drawings: plain strings, so a drawing is a pure function. */

export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Attrs = Record<string, string | number | undefined>;

const attrs = (a: Attrs): string =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('');

export const el = (tag: string, a: Attrs, inner?: string): string =>
  inner === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${inner}</${tag}>`;

export const rect = (x: number, y: number, width: number, height: number, fill: string, more: Attrs = {}) =>
  el('rect', { x, y, width, height, fill, ...more });

export const circle = (cx: number, cy: number, r: number, fill: string, more: Attrs = {}) =>
  el('circle', { cx, cy, r, fill, ...more });

/** Text on a part or its label; `size` in px, centred on x unless `anchor` says otherwise. */
export function text(
  x: number,
  y: number,
  size: number,
  content: string,
  { fill = '#1f2937', weight = 'normal', anchor = 'middle', spacing }: TextStyle = {},
): string {
  return el(
    'text',
    {
      x,
      y,
      'font-size': size,
      'font-weight': weight,
      fill,
      'text-anchor': anchor,
      'letter-spacing': spacing,
    },
    escapeXml(content),
  );
}

interface TextStyle {
  fill?: string;
  weight?: 'normal' | 'bold';
  anchor?: 'start' | 'middle' | 'end';
  spacing?: number;
}

/** The largest size, up to `max`, at which `content` fits `width` px (DejaVu Sans is ~0.6 em a glyph). */
export const fitSize = (content: string, width: number, max: number): number =>
  Math.max(12, Math.min(max, Math.floor(width / (Array.from(content).length * 0.6))));

/** A fan seen from the front: a frame, seven swept blades and a hub, `r` the blade radius. */
export function fan(cx: number, cy: number, r: number, hub: string, frame = '#1f2933'): string {
  const blades = Array.from({ length: 7 }, (_, i) =>
    el('path', {
      d: `M0 0 C${r * 0.25} ${-r * 0.35} ${r * 0.75} ${-r * 0.45} ${r * 0.95} ${-r * 0.12} C${r * 0.6} ${-r * 0.05} ${r * 0.3} ${r * 0.05} 0 0Z`,
      fill: '#3b4652',
      transform: `translate(${cx} ${cy}) rotate(${(i * 360) / 7})`,
    }),
  ).join('');
  return [
    circle(cx, cy, r * 1.04, '#11181f', { stroke: frame, 'stroke-width': r * 0.08 }),
    blades,
    circle(cx, cy, r * 0.3, hub),
    circle(cx, cy, r * 0.3, 'none', { stroke: '#0b1117', 'stroke-width': 2 }),
  ].join('');
}

/** `count` copies of a drawing, each told its index. */
export const repeat = (count: number, draw: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => draw(i)).join('');
