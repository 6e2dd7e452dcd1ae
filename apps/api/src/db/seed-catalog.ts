import type { AttributeDefinitionRow, AttributeValues } from './schema.js';

/**
 * The demo catalog's category tree: what a parts shop sorts its shelves by, each with
 * the specifications a buyer filters on. `compatibility` attributes (socket, memory type) make
 * parts of different categories compatible when their values are equal.
 */
export interface SeedCategory {
  slug: string;
  name: string;
  parent?: string;
  position: number;
  attributes: AttributeDefinitionRow[];
}

const socket: AttributeDefinitionRow = { key: 'socket', label: 'Socket', type: 'enum', compatibility: true };
const memoryType: AttributeDefinitionRow = {
  key: 'memoryType',
  label: 'Memory type',
  type: 'enum',
  compatibility: true,
};

export const seedCategories: SeedCategory[] = [
  {
    slug: 'processors',
    name: 'Processors',
    position: 1,
    attributes: [
      socket,
      { key: 'cores', label: 'Cores', type: 'number' },
      { key: 'threads', label: 'Threads', type: 'number' },
      { key: 'boostClock', label: 'Boost clock', type: 'number', unit: 'GHz' },
      { key: 'tdp', label: 'Power (TDP)', type: 'number', unit: 'W' },
      { key: 'integratedGraphics', label: 'Integrated graphics', type: 'boolean' },
    ],
  },
  {
    slug: 'motherboards',
    name: 'Motherboards',
    position: 2,
    attributes: [
      socket,
      memoryType,
      { key: 'formFactor', label: 'Form factor', type: 'enum' },
      { key: 'chipset', label: 'Chipset', type: 'enum' },
      { key: 'wifi', label: 'Wi-Fi', type: 'boolean' },
    ],
  },
  {
    slug: 'memory',
    name: 'Memory',
    position: 3,
    attributes: [
      memoryType,
      { key: 'capacity', label: 'Capacity', type: 'number', unit: 'GB' },
      { key: 'speed', label: 'Speed', type: 'number', unit: 'MT/s' },
      { key: 'modules', label: 'Modules', type: 'number' },
    ],
  },
  {
    slug: 'storage',
    name: 'Storage',
    position: 4,
    attributes: [
      { key: 'capacity', label: 'Capacity', type: 'number', unit: 'GB' },
      { key: 'interface', label: 'Interface', type: 'enum' },
      { key: 'driveFormFactor', label: 'Form factor', type: 'enum' },
    ],
  },
  {
    slug: 'solid-state-drives',
    name: 'Solid-state drives',
    parent: 'storage',
    position: 1,
    attributes: [{ key: 'readSpeed', label: 'Read speed', type: 'number', unit: 'MB/s' }],
  },
  {
    slug: 'hard-drives',
    name: 'Hard drives',
    parent: 'storage',
    position: 2,
    attributes: [{ key: 'rpm', label: 'Spindle speed', type: 'number', unit: 'RPM' }],
  },
  {
    slug: 'graphics-cards',
    name: 'Graphics cards',
    position: 5,
    attributes: [
      { key: 'vram', label: 'Video memory', type: 'number', unit: 'GB' },
      { key: 'gpuLength', label: 'Card length', type: 'number', unit: 'mm' },
      { key: 'powerConnector', label: 'Power connector', type: 'enum' },
    ],
  },
  {
    slug: 'power-supplies',
    name: 'Power supplies',
    position: 6,
    attributes: [
      { key: 'wattage', label: 'Wattage', type: 'number', unit: 'W' },
      { key: 'efficiency', label: 'Efficiency', type: 'enum' },
      { key: 'modular', label: 'Modular', type: 'enum' },
    ],
  },
  {
    slug: 'cases',
    name: 'Cases',
    position: 7,
    attributes: [
      { key: 'caseType', label: 'Case type', type: 'enum' },
      { key: 'maxBoard', label: 'Largest board', type: 'enum' },
      { key: 'maxGpuLength', label: 'Graphics card clearance', type: 'number', unit: 'mm' },
    ],
  },
  {
    slug: 'cooling',
    name: 'Cooling',
    position: 8,
    attributes: [
      { key: 'coolerType', label: 'Type', type: 'enum' },
      { key: 'fanSize', label: 'Fan size', type: 'number', unit: 'mm' },
      { key: 'rgb', label: 'RGB lighting', type: 'boolean' },
    ],
  },
  {
    slug: 'networking',
    name: 'Networking',
    position: 9,
    attributes: [
      { key: 'standard', label: 'Standard', type: 'enum' },
      { key: 'bus', label: 'Connection', type: 'enum' },
    ],
  },
  {
    slug: 'monitors',
    name: 'Monitors',
    position: 10,
    attributes: [
      { key: 'screenSize', label: 'Screen size', type: 'number', unit: 'in' },
      { key: 'resolution', label: 'Resolution', type: 'enum' },
      { key: 'refreshRate', label: 'Refresh rate', type: 'number', unit: 'Hz' },
      { key: 'panel', label: 'Panel', type: 'enum' },
    ],
  },
];

/** Where a demo part sits and what it is. */
export interface SeedPlacement {
  category: string;
  brand: string;
  attributes: AttributeValues;
}
