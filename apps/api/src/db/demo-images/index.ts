import { graphicsCard, m2Drive, memory, motherboard, networkCard, processor } from './draw-boards.js';
import { cooler, hardDrive, monitor, pcCase, powerSupply, sataDrive } from './draw-boxes.js';
import { brandColour, type DrawnPart, driveCapacity, keySpec, modelName } from './labels.js';
import { escapeXml, fitSize, rect, text } from './svg.js';

/*
 * The demo catalog's pictures: one per part, drawn from its own brand, kind and specifications,
 * so a picture can never show another maker's label or a figure the part does not have. They are
 * written once into apps/api/assets/parts/ (npm run demo-images) and served from there as they
 * are; test/catalog/demo-images.test.ts fails when a file differs from its drawing.
 */

function drawing(p: DrawnPart, c: string): string {
  const capacity = driveCapacity(Number(p.attributes.capacity ?? 0));
  switch (p.category) {
    case 'processors':
      return processor(p, c);
    case 'motherboards':
      return motherboard(p, c);
    case 'memory':
      return memory(p, c);
    case 'solid-state-drives':
      return String(p.attributes.driveFormFactor).startsWith('M.2')
        ? m2Drive(p, c, capacity)
        : sataDrive(p, c, capacity);
    case 'hard-drives':
      return hardDrive(p, c, capacity);
    case 'graphics-cards':
      return graphicsCard(p, c);
    case 'power-supplies':
      return powerSupply(p, c);
    case 'cases':
      return pcCase(p, c);
    case 'cooling':
      return cooler(p, c);
    case 'networking':
      return networkCard(p, c);
    case 'monitors':
      return monitor(p);
    default:
      throw new Error(`No drawing for the category ${p.category}`);
  }
}

const defs = (c: string) =>
  [
    '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f9fc"/><stop offset="1" stop-color="#dde3eb"/></linearGradient>',
    '<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef1f4"/><stop offset="1" stop-color="#b8c1cb"/></linearGradient>',
    `<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="#0b1220"/></linearGradient>`,
    '<radialGradient id="shadow"><stop offset="0" stop-color="#101722" stop-opacity=".35"/><stop offset="1" stop-color="#101722" stop-opacity="0"/></radialGradient>',
    '<pattern id="mesh" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#11181f"/><circle cx="4" cy="4" r="2" fill="#3a444e"/></pattern>',
  ].join('');

/** The part's picture: the drawing above a label with its brand, model and key figures. */
export function demoImageSvg(p: DrawnPart): string {
  const c = brandColour(p.brand);
  const model = modelName(p);
  const spec = keySpec(p);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" font-family="DejaVu Sans, Verdana, Arial, sans-serif">',
    `<title>${escapeXml(p.name)}</title>`,
    `<defs>${defs(c)}</defs>`,
    rect(0, 0, 800, 600, 'url(#bg)'),
    '<ellipse cx="400" cy="388" rx="300" ry="22" fill="url(#shadow)"/>',
    drawing(p, c),
    rect(40, 414, 720, 166, '#fff', { rx: 16, stroke: '#d9dee5', 'stroke-width': 2 }),
    rect(40, 414, 720, 10, c, { rx: 5 }),
    text(400, 468, 38, p.brand, { fill: c, weight: 'bold' }),
    text(400, 514, fitSize(model, 680, 30), model, { fill: '#111827' }),
    text(400, 556, fitSize(spec, 680, 26), spec, { fill: '#374151', weight: 'bold' }),
    '</svg>',
    '',
  ].join('\n');
}
