import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Type casts in apps/api/src: a cast tells the compiler to trust what it cannot check.
 * The few left are where a library's types cannot say what it does (pdfkit's fonts, pg-boss's
 * rows, node-redis' replies) or where our own code has checked what the compiler cannot follow
 * (the registrar's input, parsed with its route's schemas): at most 12, each with a comment just
 * above saying why. `as const` is not a cast. Found with the compiler's parser.
 */
const MAX_CASTS = 12;
const src = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const isAsConst = (type: ts.TypeNode) =>
  ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';

/** Each cast of the file, with whether a comment is on its line or one of the three above. */
function castsIn(fileName: string, source: string) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const lines = source.split('\n');
  const found: { at: string; explained: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isAsConst(node.type)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      const near = lines.slice(Math.max(0, line - 3), line + 1);
      found.push({
        at: `${fileName}:${line + 1}: ${node.getText().split('\n')[0]}`,
        explained: near.some((text) => /^\s*(\/\/|\*|\/\*)|\s\/\/\s/.test(text)),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('type casts in apps/api/src', () => {
  const casts = sourceFiles(src).flatMap((file) =>
    castsIn(path.relative(src, file), readFileSync(file, 'utf8')),
  );

  it(`are at most ${MAX_CASTS}`, () => {
    expect(sourceFiles(src).length).toBeGreaterThan(100);
    expect(casts.length, casts.map((cast) => cast.at).join('\n')).toBeLessThanOrEqual(MAX_CASTS);
  });

  it('each say why, in a comment just above', () => {
    expect(casts.filter((cast) => !cast.explained).map((cast) => cast.at)).toEqual([]);
  });
});
