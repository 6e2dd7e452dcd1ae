import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiContract } from '../src/contract/index.js';
import { encodableText, plainText } from '../src/schemas/common.js';

/**
 * Every text a client can send, in any route's body, query, path or headers, refuses text that
 * UTF-8 cannot carry (a lone surrogate half) and noncharacters. PostgreSQL refuses a statement
 * that holds one, so a single field that lets one through answers 500, and inside a batch of
 * orders fails every order placed with it.
 */

const BAD_TEXTS = ['PO-\ud800', 'x\udfff', '\ufffe', 'a\ufdd0b', 'end\u{10ffff}'];

/** What the walker knows of a zod 4 schema. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** One place a text goes: its path, and a value that puts `text` there and nothing else. */
interface Probe {
  path: (string | number)[];
  build: (text: string) => unknown;
}

/** Every place in `schema` that takes a string, with a value to put a text there. */
function textProbes(schema: z.ZodType, depth = 0): Probe[] {
  if (depth > 12) return [];
  const def = defOf(schema);
  const leaf: Probe = { path: [], build: (text) => text };
  const within = (inner: z.ZodType | undefined) => (inner ? textProbes(inner, depth + 1) : []);
  switch (def.type) {
    case 'string':
      return [leaf];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return within(def.innerType);
    case 'pipe':
      // A preprocessing step reads what the client sent: the text reaches the schema after it.
      return defOf(def.in as z.ZodType).type === 'transform' ? within(def.out) : within(def.in);
    case 'lazy':
      return within(def.getter?.());
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) =>
        textProbes(field, depth + 1).map((probe) => ({
          path: [key, ...probe.path],
          build: (text: string) => ({ [key]: probe.build(text) }),
        })),
      );
    case 'array':
      return within(def.element).map((probe) => ({
        path: [0, ...probe.path],
        build: (text: string) => [probe.build(text)],
      }));
    case 'tuple':
      return (def.items ?? []).flatMap((item, index) =>
        textProbes(item, depth + 1).map((probe) => ({
          path: [index, ...probe.path],
          build: (text: string) => Object.assign([], { [index]: probe.build(text) }),
        })),
      );
    case 'record': {
      const values = within(def.valueType).map((probe) => ({
        path: ['some-key', ...probe.path],
        build: (text: string) => ({ 'some-key': probe.build(text) }),
      }));
      const keys =
        within(def.keyType).length > 0 ? [{ path: [], build: (text: string) => ({ [text]: 1 }) }] : [];
      return [...values, ...keys];
    }
    case 'union':
      return (def.options ?? []).flatMap((option) => within(option));
    case 'intersection':
      return [...within(def.left), ...within(def.right)];
    default:
      return [];
  }
}

interface FoundIssue {
  path: PropertyKey[];
}
/** The issues of a failed parse, those inside a union's branches too, with their full paths. */
function allIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): FoundIssue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    const nested = 'errors' in issue && Array.isArray(issue.errors) ? issue.errors : [];
    return [{ path }, ...nested.flatMap((branch: z.core.$ZodIssue[]) => allIssues(branch, path))];
  });
}

const startsWith = (path: PropertyKey[], prefix: PropertyKey[]) =>
  prefix.every((part, index) => part === path[index]);

/** The catalog import's CSV text: its rows are judged one by one, each its own error. */
const judgedPerRow = new Set(['POST /api/products/import body.text']);

const inputs = apiContract.flatMap((route) =>
  (['body', 'query', 'params', 'headers'] as const).flatMap((where) => {
    const schema = route[where];
    if (!schema || (where === 'body' && (route.raw || route.multipart))) return [];
    return textProbes(schema).map((probe) => ({
      name: `${route.method.toUpperCase()} ${route.path} ${[where, ...probe.path].join('.')}`,
      schema,
      probe,
    }));
  }),
);

describe('text that UTF-8 cannot carry', () => {
  it('is told apart from the text people type', () => {
    for (const text of BAD_TEXTS) {
      expect(encodableText(text), JSON.stringify(text)).toBe(false);
      expect(plainText()(text)).toBe(false);
      expect(plainText({ multiline: true })(text)).toBe(false);
    }
    for (const text of ['Ryzen 7 7800X3D', 'Grüße, 東京 😀', 'two\nlines', '£1,299.99 – “quoted”']) {
      expect(encodableText(text), text).toBe(true);
    }
  });

  it('finds the texts of the contract', () => {
    expect(inputs.length).toBeGreaterThan(40);
    const names = inputs.map((input) => input.name);
    expect(names).toContain('POST /api/checkout body.poReference');
    expect(names).toContain('POST /api/checkout body.lines.0.sku');
  });

  it.each(inputs.filter((input) => !judgedPerRow.has(input.name)))(
    'is refused at $name',
    ({ schema, probe }) => {
      for (const text of BAD_TEXTS) {
        const result = schema.safeParse(probe.build(text));
        expect(result.success, JSON.stringify(text)).toBe(false);
        const paths = allIssues(result.error?.issues ?? []).map((issue) => issue.path);
        expect(
          paths.some((path) => startsWith(path, probe.path)),
          `${JSON.stringify(text)} got issues only at ${JSON.stringify(paths)}`,
        ).toBe(true);
      }
    },
  );
});
