import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoImageSvg } from '../../src/db/demo-images/index.js';
import type { AttributeValues } from '../../src/db/schema.js';
import { seedParts } from '../../src/db/seed-data.js';
import { assetsDir } from '../../src/lib/paths.js';

/*
 * Each demo part's picture is its own: drawn from its brand, kind and specifications, so a buyer
 * never sees another maker's label or a figure the part does not have on it.
 */

const dir = path.join(assetsDir, 'parts');
const brands = [...new Set(seedParts.map((part) => part.brand))];
const fromXml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** What the picture says: the text drawn in it (its <title> is not drawn). */
const drawnText = (svg: string) =>
  [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => fromXml(m[1] ?? '')).join('\n');
const says = (text: string, word: string) =>
  new RegExp(`(^|[^a-z])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^a-z]|$)`, 'i').test(text);

const capacity = (gb: number) => (gb >= 1000 ? `${gb / 1000} TB` : `${gb} GB`);
/** The figures a picture of this kind of part must show, from its specifications alone. */
function keyFigures(category: string, a: AttributeValues): string[] {
  const n = (key: string) => Number(a[key]);
  const s = (key: string) => String(a[key]);
  switch (category) {
    case 'processors':
      return [
        `${n('cores')} cores`,
        `${n('threads')} threads`,
        `${n('boostClock').toFixed(1)} GHz`,
        s('socket'),
      ];
    case 'motherboards':
      return [s('socket'), s('chipset'), s('formFactor'), s('memoryType')];
    case 'memory':
      return [`${s('memoryType')}-${n('speed')} ${n('capacity')} GB`];
    case 'solid-state-drives':
      return [capacity(n('capacity')), s('interface'), `${n('readSpeed').toLocaleString('en-US')} MB/s`];
    case 'hard-drives':
      return [capacity(n('capacity')), `${n('rpm')} RPM`, s('driveFormFactor')];
    case 'graphics-cards':
      return [`${n('vram')} GB`, `${n('gpuLength')} mm`, s('powerConnector')];
    case 'power-supplies':
      return [`${n('wattage')} W`, s('efficiency')];
    case 'cases':
      return [s('caseType'), s('maxBoard'), `${n('maxGpuLength')} mm`];
    case 'cooling':
      return [s('coolerType'), `${n('fanSize')} mm`];
    case 'networking':
      return [s('standard'), s('bus')];
    case 'monitors':
      return [`${n('screenSize')}"`, s('resolution'), `${n('refreshRate')} Hz`, s('panel')];
    default:
      throw new Error(`No key figures for ${category}`);
  }
}

describe('the demo catalog’s pictures', () => {
  it('give every part a picture of its own', () => {
    const images = seedParts.map((part) => part.image);
    expect(new Set(images).size).toBe(seedParts.length);
    // Nothing else in the folder: no picture left over from a part that is gone.
    expect(readdirSync(dir).sort()).toEqual([...images].sort());
  });

  it('are the drawings of the parts as they are now (npm run demo-images redraws them)', () => {
    for (const part of seedParts) {
      expect(readFileSync(path.join(dir, part.image), 'utf8'), part.image).toBe(demoImageSvg(part));
    }
  });

  it('name the part’s own brand, model and key figures, and no other brand', () => {
    for (const part of seedParts) {
      const text = drawnText(readFileSync(path.join(dir, part.image), 'utf8'));
      expect(says(text, part.brand), `${part.image} names ${part.brand}`).toBe(true);
      const others = brands.filter((brand) => brand !== part.brand && says(text, brand));
      expect(others, `${part.image} names other brands`).toEqual([]);
      const model = part.name.slice(part.brand.length + 1);
      expect(text, part.image).toContain(model);
      for (const figure of keyFigures(part.category, part.attributes)) {
        expect(text, `${part.image} shows ${figure}`).toContain(figure);
      }
    }
  });

  it('are plain drawings: no script, no link, nothing fetched', () => {
    for (const part of seedParts) {
      const svg = readFileSync(path.join(dir, part.image), 'utf8');
      expect(svg, part.image).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 800 600"/,
      );
      expect(svg, part.image).not.toMatch(
        /<script|<foreignObject|<image|href=|on[a-z]+=|@import|url\((?!#)/i,
      );
    }
  });

  it('would catch a picture of another brand’s part', () => {
    const ferrite = seedParts.find((part) => part.brand === 'Ferrite' && part.category === 'memory');
    const voltcore = seedParts.find((part) => part.brand === 'VoltCore' && part.category === 'memory');
    expect(ferrite && voltcore).toBeTruthy();
    if (!ferrite || !voltcore) return;
    const text = drawnText(demoImageSvg(voltcore));
    expect(says(text, ferrite.brand)).toBe(false);
    expect(says(text, voltcore.brand)).toBe(true);
    expect(keyFigures('memory', ferrite.attributes).every((figure) => text.includes(figure))).toBe(false);
  });
});
