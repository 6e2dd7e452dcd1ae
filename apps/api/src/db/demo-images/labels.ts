import type { AttributeValues } from '../schema.js';
import type { SeedPart } from '../seed-data.js';

/** What a drawing needs of a demo part: the seed's own entry, before its image is named. */
export type DrawnPart = Pick<SeedPart, 'name' | 'brand' | 'category' | 'attributes'>;

const num = (attributes: AttributeValues, key: string): number => Number(attributes[key] ?? 0);
const str = (attributes: AttributeValues, key: string): string => String(attributes[key] ?? '');

/** 2000 -> '2 TB', 500 -> '500 GB': as drives are sold. */
export const driveCapacity = (gigabytes: number): string =>
  gigabytes >= 1000 ? `${gigabytes / 1000} TB` : `${gigabytes} GB`;

/** 14000 -> '14,000'. */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** 5 -> '5.0 GHz': a clock always shows its tenths, as on the box. */
export const clock = (gigahertz: number): string => `${gigahertz.toFixed(1)} GHz`;

/**
 * The one line of figures a buyer picks this kind of part by, from its specifications (never
 * from its name or description, so a drawing cannot repeat a figure the specifications lack).
 */
export function keySpec({ category, attributes: a }: DrawnPart): string {
  switch (category) {
    case 'processors':
      return `${num(a, 'cores')} cores · ${num(a, 'threads')} threads · ${clock(num(a, 'boostClock'))} · ${str(a, 'socket')}`;
    case 'motherboards':
      return `${str(a, 'socket')} · ${str(a, 'chipset')} · ${str(a, 'formFactor')} · ${str(a, 'memoryType')}`;
    case 'memory':
      return `${str(a, 'memoryType')}-${num(a, 'speed')} ${num(a, 'capacity')} GB (${num(a, 'modules')} × ${num(a, 'capacity') / num(a, 'modules')} GB)`;
    case 'solid-state-drives':
      return `${driveCapacity(num(a, 'capacity'))} · ${str(a, 'interface')} · ${grouped(num(a, 'readSpeed'))} MB/s`;
    case 'hard-drives':
      return `${driveCapacity(num(a, 'capacity'))} · ${num(a, 'rpm')} RPM · ${str(a, 'driveFormFactor')} ${str(a, 'interface')}`;
    case 'graphics-cards':
      return `${num(a, 'vram')} GB · ${num(a, 'gpuLength')} mm · ${str(a, 'powerConnector')}`;
    case 'power-supplies':
      return `${num(a, 'wattage')} W · ${str(a, 'efficiency')} · ${modularity(str(a, 'modular'))}`;
    case 'cases':
      return `${str(a, 'caseType')} · ${str(a, 'maxBoard')} · GPU up to ${num(a, 'maxGpuLength')} mm`;
    case 'cooling':
      return `${str(a, 'coolerType')} · ${num(a, 'fanSize')} mm fan${a.rgb ? ' · RGB' : ''}`;
    case 'networking':
      return `${str(a, 'standard')} · ${str(a, 'bus')}`;
    case 'monitors':
      return `${num(a, 'screenSize')}" · ${str(a, 'resolution')} · ${num(a, 'refreshRate')} Hz · ${str(a, 'panel')}`;
    default:
      return '';
  }
}

const modularity = (modular: string) =>
  modular === 'Full' ? 'Fully modular' : modular === 'Semi' ? 'Semi-modular' : 'Fixed cables';

/** The part's name after its brand: 'Core 32GB (2x16GB) DDR4-3600 CL18 Memory Kit'. */
export function modelName({ name, brand }: DrawnPart): string {
  return name.toLowerCase().startsWith(`${brand.toLowerCase()} `) ? name.slice(brand.length + 1) : name;
}

/** Each demo brand's colour: its parts look like one maker's line. */
const BRAND_COLOURS: Record<string, string> = {
  Arcwell: '#1c64c8',
  Corvex: '#2f8f2f',
  Ferrite: '#b42318',
  Kelvix: '#0b8aa8',
  Lumio: '#7048e8',
  NEXA: '#3b4cca',
  Orbiq: '#c2255c',
  Strata: '#b7791f',
  TerraByte: '#0f766e',
  VoltCore: '#e8590c',
};

export const brandColour = (brand: string): string => BRAND_COLOURS[brand] ?? '#475569';
