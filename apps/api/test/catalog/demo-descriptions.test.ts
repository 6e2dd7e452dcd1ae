import { describe, expect, it } from 'vitest';
import type { AttributeValues } from '../../src/db/schema.js';
import { seedParts } from '../../src/db/seed-data.js';

/*
 * A demo part's name and description must not contradict its specifications: a buyer who reads
 * "reads up to 7,400 MB/s" above a table that says 7,000 trusts neither. Each rule finds the
 * figures a text names for one specification, in the wordings the catalog uses, and compares them.
 */

const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
const WORD_NUMBERS =
  'eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|ten|single|' +
  `(?:twenty|thirty|forty)(?:-(?:${UNITS}))?|${UNITS}`;
/** A count as written: '16', 'sixteen', 'thirty-two'. */
const COUNT = `\\d+|${WORD_NUMBERS}`;
const VALUES: Record<string, number> = {
  single: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
};
function countOf(text: string): number {
  const word = text.toLowerCase();
  if (/^\d+$/.test(word)) return Number(word);
  const [tens = '', unit] = word.split('-');
  return (VALUES[tens] ?? Number.NaN) + (unit ? (VALUES[unit] ?? Number.NaN) : 0);
}
const number = (text: string) => Number(text.replace(/,/g, ''));

interface Rule {
  /** What the figure is, for the failure message. */
  spec: string;
  categories: string[];
  pattern: RegExp;
  /** The figure the text names, from the match; compared with `expected` as text. */
  found: (m: RegExpMatchArray) => string | number;
  expected: (a: AttributeValues) => string | number;
}

const BOARDS = '(Mini-ITX|Micro-ATX|E-ATX|(?<![-\\w])ATX)\\b';
const drives = ['solid-state-drives', 'hard-drives'];

const RULES: Rule[] = [
  {
    spec: 'read speed',
    categories: ['solid-state-drives'],
    pattern: /(?:reads?|reading)\s+(?:at\s+)?(?:up to\s+)?([\d,]+)\s*MB\/s|([\d,]+)\s*MB\/s\s+reads?/gi,
    found: (m) => number(m[1] ?? m[2] ?? ''),
    expected: (a) => Number(a.readSpeed),
  },
  {
    spec: 'capacity',
    categories: drives,
    pattern: /(?<![\d,.])(\d+)\s?(TB|GB)\b(?!\/)/g,
    found: (m) => Number(m[1]) * (m[2] === 'TB' ? 1000 : 1),
    expected: (a) => Number(a.capacity),
  },
  {
    spec: 'drive size',
    categories: drives,
    pattern: /\b([23]\.5)(?:-inch|")/g,
    found: (m) => `${m[1]}"`,
    expected: (a) => String(a.driveFormFactor),
  },
  {
    spec: 'interface',
    categories: ['solid-state-drives'],
    pattern: /PCIe (\d\.\d)|\b(SATA)\b/g,
    found: (m) => (m[1] ? `NVMe PCIe ${m[1]}` : 'SATA'),
    expected: (a) => String(a.interface),
  },
  {
    spec: 'spindle speed',
    categories: ['hard-drives'],
    pattern: /(\d+)\s?RPM/g,
    found: (m) => Number(m[1]),
    expected: (a) => Number(a.rpm),
  },
  {
    spec: 'memory type',
    categories: ['memory', 'motherboards'],
    pattern: /\b(DDR\d)\b/g,
    found: (m) => m[1] ?? '',
    expected: (a) => String(a.memoryType),
  },
  {
    spec: 'memory speed',
    categories: ['memory'],
    pattern: /(\d{4})\s?MT\/s|DDR\d-(\d{4})/g,
    found: (m) => Number(m[1] ?? m[2]),
    expected: (a) => Number(a.speed),
  },
  {
    spec: 'memory kit',
    categories: ['memory'],
    // 'two 16GB modules', '(2x16GB)'
    pattern: new RegExp(`\\b(?:(${WORD_NUMBERS})\\s+|(\\d+)x)(\\d+)\\s?GB\\b`, 'gi'),
    found: (m) => `${countOf(m[1] ?? m[2] ?? '')} x ${m[3]} GB`,
    expected: (a) => `${a.modules} x ${Number(a.capacity) / Number(a.modules)} GB`,
  },
  {
    spec: 'memory capacity',
    categories: ['memory'],
    pattern: /\b(\d+)GB \(/g,
    found: (m) => Number(m[1]),
    expected: (a) => Number(a.capacity),
  },
  {
    spec: 'cores',
    categories: ['processors'],
    pattern: new RegExp(`\\b(${COUNT})[- ]cores?\\b`, 'gi'),
    found: (m) => countOf(m[1] ?? ''),
    expected: (a) => Number(a.cores),
  },
  {
    spec: 'threads',
    categories: ['processors'],
    pattern: new RegExp(`\\b(${COUNT})[- ]threads?\\b`, 'gi'),
    found: (m) => countOf(m[1] ?? ''),
    expected: (a) => Number(a.threads),
  },
  {
    spec: 'boost clock',
    categories: ['processors'],
    pattern: /(\d+\.\d+)\s?GHz(?!\s*base)/g,
    found: (m) => Number(m[1]),
    expected: (a) => Number(a.boostClock),
  },
  {
    spec: 'power (TDP)',
    categories: ['processors'],
    pattern: /\b(\d+)\s?W\b/g,
    found: (m) => Number(m[1]),
    expected: (a) => Number(a.tdp),
  },
  {
    spec: 'socket',
    categories: ['processors', 'motherboards'],
    pattern: /\b(AM\d|LGA\d{4})\b/g,
    found: (m) => m[1] ?? '',
    expected: (a) => String(a.socket),
  },
  {
    spec: 'chipset',
    categories: ['motherboards'],
    pattern: /\b([ABXZ]\d{3})\b/g,
    found: (m) => m[1] ?? '',
    expected: (a) => String(a.chipset),
  },
  {
    spec: 'board form factor',
    categories: ['motherboards'],
    pattern: new RegExp(BOARDS, 'gi'),
    found: (m) => (m[1] ?? '').toLowerCase(),
    expected: (a) => String(a.formFactor).toLowerCase(),
  },
  {
    spec: 'Wi-Fi',
    categories: ['motherboards'],
    pattern: /\bWi-Fi\b/g,
    found: () => 'true',
    expected: (a) => String(a.wifi),
  },
  {
    spec: 'video memory',
    categories: ['graphics-cards'],
    pattern: /\b(\d+)\s?GB\b/g,
    found: (m) => Number(m[1]),
    expected: (a) => Number(a.vram),
  },
  {
    spec: 'card length',
    categories: ['graphics-cards'],
    pattern: /\b(\d+)\s?mm\b(?! of clearance)/g,
    found: (m) => Number(m[1]),
    expected: (a) => Number(a.gpuLength),
  },
  {
    spec: 'power connector',
    categories: ['graphics-cards'],
    pattern: new RegExp(`\\b(${COUNT})\\s?(?:x\\s?)?8-pin|(12V-2x6)`, 'gi'),
    found: (m) => m[2] ?? `${countOf(m[1] ?? '')}x 8-pin`,
    expected: (a) => String(a.powerConnector),
  },
  {
    spec: 'wattage',
    categories: ['power-supplies'],
    pattern: /\b(\d+)\s?W\b/g,
    found: (m) => Number(m[1]),
    expected: (a) => Number(a.wattage),
  },
  {
    spec: 'efficiency',
    categories: ['power-supplies'],
    pattern: /\b(Bronze|Silver|Gold|Platinum|Titanium)\b/gi,
    found: (m) => `80 Plus ${m[1]}`.toLowerCase(),
    expected: (a) => String(a.efficiency).toLowerCase(),
  },
  {
    spec: 'modular',
    categories: ['power-supplies'],
    pattern: /\b(fully modular|semi-modular|fixed cables)\b/gi,
    found: (m) => ({ 'fully modular': 'Full', 'semi-modular': 'Semi' })[(m[1] ?? '').toLowerCase()] ?? 'No',
    expected: (a) => String(a.modular),
  },
  {
    spec: 'graphics card clearance',
    categories: ['cases'],
    pattern: /(\d+) mm(?: of)?(?: [\w-]+)? graphics|graphics cards? up to (\d+) mm/gi,
    found: (m) => Number(m[1] ?? m[2]),
    expected: (a) => Number(a.maxGpuLength),
  },
  {
    spec: 'largest board',
    categories: ['cases'],
    pattern: new RegExp(BOARDS, 'gi'),
    found: (m) => (m[1] ?? '').toLowerCase(),
    expected: (a) => String(a.maxBoard).toLowerCase(),
  },
  {
    spec: 'fan size',
    categories: ['cooling'],
    pattern: /(\d+) mm (?:(?:PWM|ARGB|RGB|case) )*fans?\b/gi,
    found: (m) => Number(m[1]),
    expected: (a) => Number(a.fanSize),
  },
  {
    spec: 'RGB lighting',
    categories: ['cooling'],
    pattern: /\bA?RGB\b/g,
    found: () => 'true',
    expected: (a) => String(a.rgb),
  },
  {
    spec: 'wireless standard',
    categories: ['networking'],
    pattern: /\bWi-Fi (\dE?)\b/g,
    found: (m) => `Wi-Fi ${m[1]}`,
    expected: (a) => String(a.standard),
  },
  {
    spec: 'connection',
    categories: ['networking'],
    pattern: /\bPCIe (x\d+)/g,
    found: (m) => `PCIe ${m[1]}`,
    expected: (a) => String(a.bus),
  },
  {
    spec: 'screen size',
    categories: ['monitors'],
    pattern: /\b(\d+)(?:-inch|")/g,
    found: (m) => Number(m[1]),
    expected: (a) => Number(a.screenSize),
  },
  {
    spec: 'refresh rate',
    categories: ['monitors'],
    pattern: /\b(\d+)\s?Hz\b/g,
    found: (m) => Number(m[1]),
    expected: (a) => Number(a.refreshRate),
  },
  {
    spec: 'resolution',
    categories: ['monitors'],
    pattern: /\b(\d{4}x\d{3,4})\b|\b(4K|QHD|Full HD|FHD)\b/g,
    found: (m) =>
      m[1] ??
      { '4K': '3840x2160', QHD: '2560x1440', 'Full HD': '1920x1080', FHD: '1920x1080' }[m[2] ?? ''] ??
      '',
    expected: (a) => String(a.resolution),
  },
  {
    spec: 'panel',
    categories: ['monitors'],
    pattern: /\b(IPS|VA|OLED|TN)\b/g,
    found: (m) => m[1] ?? '',
    expected: (a) => String(a.panel),
  },
];

interface Mention {
  part: string;
  spec: string;
  said: string;
  found: string | number;
  expected: string | number;
}

/** Every figure the part's name and description name for a specification, with the specification's value. */
function mentions(part: (typeof seedParts)[number]): Mention[] {
  return RULES.filter((rule) => rule.categories.includes(part.category)).flatMap((rule) =>
    [part.name, part.description].flatMap((text) =>
      [...text.matchAll(rule.pattern)].map((m) => ({
        part: part.name,
        spec: rule.spec,
        said: m[0],
        found: rule.found(m),
        expected: rule.expected(part.attributes),
      })),
    ),
  );
}

describe('the demo catalog’s names and descriptions', () => {
  const all = seedParts.flatMap(mentions);

  it('name the same figures as the parts’ specifications', () => {
    const wrong = all.filter((m) => String(m.found) !== String(m.expected));
    expect(wrong).toEqual([]);
  });

  it('are read by every rule: a wording the rules stop matching fails here, not silently', () => {
    const used = new Set(all.map((m) => m.spec));
    expect(RULES.map((rule) => rule.spec).filter((spec) => !used.has(spec))).toEqual([]);
    // Most parts name at least one figure of their specifications.
    const named = new Set(all.map((m) => m.part));
    expect(named.size).toBeGreaterThanOrEqual(Math.floor(seedParts.length * 0.9));
  });

  it('catch a figure that disagrees', () => {
    const [ssd] = seedParts.filter(
      (p) => p.category === 'solid-state-drives' && p.attributes.readSpeed === 7000,
    );
    expect(ssd).toBeDefined();
    if (!ssd) return;
    const altered = { ...ssd, description: `${ssd.description} Sequential reads up to 7,400 MB/s.` };
    expect(mentions(altered).filter((m) => String(m.found) !== String(m.expected))).toEqual([
      expect.objectContaining({ spec: 'read speed', found: 7400, expected: 7000 }),
    ]);
    expect(countOf('thirty-two')).toBe(32);
    expect(countOf('Sixteen')).toBe(16);
  });
});
