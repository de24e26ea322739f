import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No double submits: every button that sends a request (a form's submit, a click that runs a
// mutation) and every dialog whose OK does is busy while its request runs, so a second click does
// nothing. Read from the source of every screen, so a button added later without it fails here.

const SRC = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [file] : [];
  });
}

/** The attributes of a JSX element as name → source text of the value ('' for a bare attribute). */
function attributesOf(node: ts.JsxOpeningElement | ts.JsxSelfClosingElement, source: ts.SourceFile) {
  const attributes = new Map<string, string>();
  for (const attribute of node.attributes.properties) {
    if (ts.isJsxAttribute(attribute))
      attributes.set(attribute.name.getText(source), attribute.initializer?.getText(source) ?? '');
  }
  return attributes;
}

const SENDS = /\.mutate(Async)?\(|\.submit\(\)/;

interface Finding {
  where: string;
  element: string;
}

function idleSenders(file: string, text = readFileSync(file, 'utf8')): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(source);
      const attributes = attributesOf(node, source);
      const where = `${path.relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (tag === 'Button') {
        const sends =
          attributes.get('htmlType') === '"submit"' || SENDS.test(attributes.get('onClick') ?? '');
        if (sends && !attributes.has('loading') && !attributes.has('disabled'))
          found.push({ where, element: tag });
      }
      if (tag === 'Modal' && SENDS.test(attributes.get('onOk') ?? '')) {
        const busy =
          attributes.has('confirmLoading') || /loading/.test(attributes.get('okButtonProps') ?? '');
        if (!busy) found.push({ where, element: tag });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('buttons that send a request', () => {
  const files = sourceFiles(SRC);

  it('reads every screen', () => {
    expect(files.length).toBeGreaterThan(150);
  });

  it('are busy while it runs: a submit, a mutation on click, a dialog that saves', () => {
    expect(files.flatMap((file) => idleSenders(file))).toEqual([]);
  });

  it('would find one that is not', () => {
    const probe = path.join(SRC, 'probe.tsx');
    const idle = [
      '<Button htmlType="submit">Save</Button>',
      '<Button onClick={() => save.mutate()}>Save</Button>',
      '<Modal open onOk={() => form.submit()} />',
    ];
    expect(idleSenders(probe, `const a = <>${idle.join('')}</>;`)).toHaveLength(3);
    const busy = '<Button htmlType="submit" loading={save.isPending}>Save</Button>';
    expect(
      idleSenders(probe, `const a = <>${busy}<Modal onOk={() => form.submit()} confirmLoading />;</>`),
    ).toEqual([]);
  });
});
