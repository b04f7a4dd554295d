import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every component src/ui exports has a docs page: a story file's meta names it as its `component`
 * (the page then shows its props table, its description and its stories) or lists it among the
 * `subcomponents` of the compound it belongs to (it gets a props tab on that page). A component
 * counts by what the story file imports, so a rename or a move in src/ui cannot leave a page behind.
 */
const root = path.join(import.meta.dirname, '../../..');
const uiDir = path.join(root, 'src/ui');
const storiesDir = path.join(root, 'stories');

/**
 * Exported from src/ui but no page of their own, each for a reason. Styled pieces that only lay
 * out the page of one area (a row, a muted line, a section) have no behaviour to document and show
 * on the pages of the panels built from them; the icons are drawn by the components that use them.
 */
const internals: Record<string, string> = {
  'icons.tsx': 'line icons: each shows with its label on the page of the button or menu that draws it',
  'Dropdown.tsx': "the panel and anchor every dropdown is built on: the dropdowns' pages show them",
  'notification-style.tsx': "a notification's tone and entry: the notifications dropdown's and card's pages show them",
  'money/parts.tsx': "the money panels' sections, amounts and notices: every money panel's page shows them",
  'money/MoneyPage.tsx': "the frame of the money routes: the Screens/Money stories show it",
  'security/security-kit.tsx': "the security panels' styled layout pieces, without props of their own",
  'forms/form-kit.tsx': "the account forms' shared fields and frame: every form's page shows them",
  'trading/Segments.tsx': 'the segmented radio the period, grid and tournament pickers are made of: their pages show it',
  'trading/BetsTable.tsx': "the generic table under the open and closed bets tables: their pages show it",
  'trading/BetRowsTable.tsx': "the bet rows (loading, empty, filled) of the open and closed bets tables: their pages show them",
  'chart/ToolbarSelect.tsx': "the chart toolbar's styled select, without props of its own",
};

const componentName = /^[A-Z][a-z]\w*$/;

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The PascalCase values a module exports (functions, forwardRef and styled constants), by name. */
function exportedComponents(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) => {
    if (!isExported(statement)) return [];
    if (ts.isFunctionDeclaration(statement) && statement.name) return [statement.name.text];
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
    }
    return [];
  }).filter((name) => componentName.test(name));
}

/** "src/ui/primitives/Button.tsx#Button" for each component of src/ui. */
const components = files(uiDir, /\.tsx$/).flatMap((file) =>
  exportedComponents(parse(file)).map((name) => ({ module: path.relative(uiDir, file), name })),
);

/** Where an import of a story file points, as a module path under src/ui (no extension). */
function uiModule(storyFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.relative(uiDir, path.resolve(path.dirname(storyFile), specifier));
  return target.startsWith('..') ? undefined : target.replace(/\.tsx?$/, '');
}

/** The property `name` of the default-exported meta (`const meta = {...}` or `export default {...}`). */
function metaObject(source: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;
  let exported: ts.Expression | undefined;
  const declared = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (ts.isExportAssignment(statement)) exported = unwrap(statement.expression);
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer) declared.set(d.name.text, unwrap(d.initializer));
      }
    }
  }
  if (exported && ts.isIdentifier(exported)) exported = declared.get(exported.text);
  return exported && ts.isObjectLiteralExpression(exported) ? exported : undefined;
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of object.properties) {
    if (p.name && ts.isIdentifier(p.name) && p.name.text === name) {
      if (ts.isPropertyAssignment(p)) return p.initializer;
      if (ts.isShorthandPropertyAssignment(p)) return p.name;
    }
  }
  return undefined;
}

/** The identifiers a meta names as its component and subcomponents. */
function documentedNames(meta: ts.ObjectLiteralExpression): string[] {
  const names: string[] = [];
  const component = property(meta, 'component');
  if (component && ts.isIdentifier(component)) names.push(component.text);
  const subcomponents = property(meta, 'subcomponents');
  if (subcomponents && ts.isObjectLiteralExpression(subcomponents)) {
    for (const p of subcomponents.properties) {
      const value = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : undefined;
      if (value && ts.isIdentifier(value)) names.push(value.text);
    }
  }
  return names;
}

/** "module#name" of every src/ui component some story file's meta documents. */
function documentedComponents(storyFile: string): string[] {
  const source = parse(storyFile);
  const imported = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const module = uiModule(storyFile, statement.moduleSpecifier.text);
    const bindings = statement.importClause?.namedBindings;
    if (!module || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      imported.set(element.name.text, `${module}#${(element.propertyName ?? element.name).text}`);
    }
  }
  const meta = metaObject(source);
  return meta ? documentedNames(meta).flatMap((name) => imported.get(name) ?? []) : [];
}

const storyFiles = files(storiesDir, /\.stories\.tsx$/);
const documented = new Set(storyFiles.flatMap(documentedComponents));
const key = (component: { module: string; name: string }) => `${component.module.replace(/\.tsx$/, '')}#${component.name}`;

describe('components and their docs pages', () => {
  it('finds the components of src/ui and the story files', () => {
    expect(components.length).toBeGreaterThan(100);
    expect(storyFiles.length).toBeGreaterThan(50);
    expect(documented.has('primitives/Button#Button')).toBe(true);
  });

  it("every component src/ui exports is a story meta's component or subcomponent", () => {
    const missing = components
      .filter((component) => !(component.module in internals) && !documented.has(key(component)))
      .map((component) => `${component.name} (src/ui/${component.module})`);
    expect(missing).toEqual([]);
  });

  it('the allow-list names only modules that exist and still have no page', () => {
    const modules = new Set(components.map((component) => component.module));
    const stale = Object.keys(internals).filter(
      (module) => !modules.has(module) || components.every((c) => c.module !== module || documented.has(key(c))),
    );
    expect(stale).toEqual([]);
  });
});
