import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No type casts in the web app or the shared package: a cast tells the compiler to
 * trust what it cannot check, and the answers, inputs and routes here are all typed from the
 * contract. `as const` is not a cast. Found with the compiler's own parser, so a cast in any
 * syntax counts (`x as T`, `<T>x`), and a word "as" in a string or comment does not.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const roots = ['apps/web/src', 'packages/shared/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const isAsConst = (type: ts.TypeNode) =>
  ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';

/** Every cast in `source`, as `file:line: text`. */
export function castsIn(fileName: string, source: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isAsConst(node.type)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${fileName}:${line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('type casts', () => {
  it('are found in any syntax, `as const` aside', () => {
    const probe = [
      'const a = x as string;',
      'const b = <number>y;',
      'const c = z as unknown as Date;',
      "const d = ['a'] as const;",
      '// not a cast: x as string',
      "const e = 'x as string';",
    ].join('\n');
    expect(castsIn('probe.ts', probe).map((cast) => cast.replace(/^probe\.ts:\d+: /, ''))).toEqual([
      'x as string',
      '<number>y',
      'z as unknown as Date',
      'z as unknown',
    ]);
    expect(castsIn('probe.tsx', 'const f = <div>{g as string}</div>;')).toHaveLength(1);
  });

  it('are none in apps/web/src or packages/shared/src', () => {
    const files = roots.flatMap((root) => sourceFiles(path.join(repo, root)));
    expect(files.length).toBeGreaterThan(100);
    const casts = files.flatMap((file) => castsIn(path.relative(repo, file), readFileSync(file, 'utf8')));
    expect(casts).toEqual([]);
  });
});
