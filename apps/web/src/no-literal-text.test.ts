import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every word the web app shows comes from the catalogue (packages/shared/src/messages/):
 * a component that writes English itself fails here. Checked: JSX text, strings written as a
 * child (`{busy ? 'Saving' : 'Save'}`), and string or template literals in the attributes that
 * people read or hear.
 */
const READ_ATTRIBUTES = new Set([
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'caption',
  'data-label',
  'label',
  'placeholder',
  'title',
]);
/** Our components' own label props: `loadingLabel`, `submitLabel`, `confirmLabel`. */
const LABEL_PROP = /Label$/;

/** Names, not words: the only texts a component may write itself. */
const ALLOWED = new Set(['Parts Depot']);

const hasWords = (text: string) => /[A-Za-z]/.test(text);

interface LiteralText {
  file: string;
  line: number;
  text: string;
}

/** The literal texts of an expression that ends up on screen as it is. */
function literalsOf(expression: ts.Expression | undefined, found: ts.Node[] = []): ts.Node[] {
  if (!expression) return found;
  if (
    ts.isStringLiteral(expression) ||
    ts.isNoSubstitutionTemplateLiteral(expression) ||
    ts.isTemplateExpression(expression)
  ) {
    found.push(expression);
  } else if (ts.isParenthesizedExpression(expression)) {
    literalsOf(expression.expression, found);
  } else if (ts.isConditionalExpression(expression)) {
    literalsOf(expression.whenTrue, found);
    literalsOf(expression.whenFalse, found);
  } else if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    // `shown && 'text'` shows its right side; `a || 'text'` and `a ?? 'text'` either side.
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) literalsOf(expression.right, found);
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) {
      literalsOf(expression.left, found);
      literalsOf(expression.right, found);
    }
  }
  return found;
}

/** A literal's words: a template's fixed parts, joined where its values go. */
function textOf(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
  }
  return ts.isJsxText(node) ? node.text : '';
}

function attributeName(attribute: ts.JsxAttribute): string {
  return attribute.name.getText();
}

/** The English written in a .tsx source's JSX, outside the catalogue. */
function findLiteralText(source: string, file = 'snippet.tsx'): LiteralText[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LiteralText[] = [];
  const report = (node: ts.Node) => {
    const text = textOf(node).replace(/\s+/g, ' ').trim();
    if (!hasWords(text) || ALLOWED.has(text)) return;
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    found.push({ file, line: line + 1, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      report(node);
    } else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      literalsOf(node.expression).forEach(report);
    } else if (ts.isJsxAttribute(node)) {
      const name = attributeName(node);
      if (READ_ATTRIBUTES.has(name) || LABEL_PROP.test(name)) {
        const value = node.initializer;
        if (value && ts.isStringLiteral(value)) report(value);
        else if (value && ts.isJsxExpression(value)) literalsOf(value.expression).forEach(report);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function componentFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return componentFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

describe('literal text in the web app', () => {
  it('finds none: every word comes from the catalogue', () => {
    const src = import.meta.dirname;
    const files = componentFiles(src);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      findLiteralText(readFileSync(file, 'utf8'), path.relative(src, file)).map(
        ({ file: name, line, text }) => `${name}:${line}: ${text}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('reports text, attributes people read, and strings shown as children', () => {
    const snippet = [
      'export function Probe({ busy, name }: { busy: boolean; name: string }) {',
      '  return (',
      '    <section aria-label="Your bill">',
      '      <h1>Welcome back</h1>',
      '      <img src="/a.png" alt="A graphics card" />',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe's source holds a template
      '      <input placeholder="Search parts" title={`Search ${name}`} />',
      "      <button type=\"button\">{busy ? 'Saving…' : 'Save'}</button>",
      "      {busy && 'Please wait'}",
      '      <Field label="Phone" />',
      '      <LoadingState loadingLabel={"Loading the part…"} />',
      '    </section>',
      '  );',
      '}',
    ].join('\n');
    expect(findLiteralText(snippet).map(({ line, text }) => `${line}: ${text}`)).toEqual([
      '3: Your bill',
      '4: Welcome back',
      '5: A graphics card',
      '6: Search parts',
      '6: Search …',
      '7: Saving…',
      '7: Save',
      '8: Please wait',
      '9: Phone',
      '10: Loading the part…',
    ]);
  });

  it('leaves catalogue words, markup values, symbols and brand names alone', () => {
    const snippet = [
      "import { uiMessages as m } from '@store/shared';",
      'export function Probe({ open, count }: { open: boolean; count: number }) {',
      '  return (',
      '    <nav aria-label={m.next} className="menu flex" data-testid="probe-nav">',
      '      <img src="/favicon.svg" alt="" />',
      "      <span className={open ? 'menu-active' : ''}>{m.previous}</span>",
      "      <p>{count} · {open && '—'} ★★★★★ 404</p>",
      "      {open === 'yes' ? <b>{m.search}</b> : null}",
      '      <p>Parts Depot</p>',
      '    </nav>',
      '  );',
      '}',
    ].join('\n');
    expect(findLiteralText(snippet)).toEqual([]);
  });
});
