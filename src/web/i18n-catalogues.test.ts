import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../shared/i18n/languages';

/**
 * Issue 16's catalogue checks:
 * 1. every key of an English catalogue is in the Arabic one (plural keys: every Arabic form);
 * 2. no user-visible text is written in a component instead of a catalogue;
 * 3. layouts mirror in Arabic: no physical left/right utility classes (logical ones instead).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const I18N = path.join(ROOT, 'shared/i18n');
const WEB = path.join(ROOT, 'web');

type Tree = { [key: string]: string | Tree };
const readCatalogue = (language: string, ns: string): Tree =>
  JSON.parse(readFileSync(path.join(I18N, language, `${ns}.json`), 'utf8')) as Tree;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of leaves(value, full)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const ARABIC_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
/** The `errors` catalogue is keyed by the English message itself: its keys hold dots. */
const flatKeyed = new Set(['errors']);

describe('message catalogues', () => {
  for (const ns of NAMESPACES) {
    it(`Arabic has every key of English in "${ns}", with every plural form`, () => {
      const en = flatKeyed.has(ns)
        ? new Map(Object.entries(readCatalogue('en', ns) as Record<string, string>))
        : leaves(readCatalogue('en', ns));
      const ar = flatKeyed.has(ns)
        ? new Map(Object.entries(readCatalogue('ar', ns) as Record<string, string>))
        : leaves(readCatalogue('ar', ns));
      const missing: string[] = [];
      for (const key of en.keys()) {
        const base = key.replace(PLURAL, '');
        if (base !== key) {
          for (const form of ARABIC_FORMS) if (!ar.get(`${base}_${form}`)?.trim()) missing.push(`${base}_${form}`);
        } else if (!ar.get(key)?.trim()) missing.push(key);
      }
      expect([...new Set(missing)]).toEqual([]);
      // No leftover keys English no longer has (a renamed key would otherwise linger untranslated).
      const enBases = new Set([...en.keys()].map((k) => k.replace(PLURAL, '')));
      expect([...ar.keys()].filter((k) => !enBases.has(k.replace(PLURAL, '')))).toEqual([]);
      // Interpolations survive translation: {{name}} in English is {{name}} in Arabic.
      const names = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
      for (const [key, text] of en) {
        const base = key.replace(PLURAL, '');
        const translated = base === key ? ar.get(key) : ar.get(`${base}_other`);
        if (translated)
          expect({ key, names: names(translated).filter((n) => n !== 'count') }).toEqual({
            key,
            names: names(text).filter((n) => n !== 'count'),
          });
      }
    });
  }
});

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/**
 * Folders whose components still hold English text (being moved into the catalogues). The list
 * only shrinks: the test fails when a folder on it has no hard-coded text left.
 */
const PENDING: string[] = [];

/**
 * Attributes, props, object properties and default parameters whose value a user sees or hears
 * (title, placeholder, aria-label, alt, label, areaLabel, emptyText, description, message…).
 */
const TEXT_NAME =
  /^(aria-label|aria-description|aria-valuetext|alt|header|hint|tooltip)$|(label|title|text|description|message|placeholder|heading|subtitle|caption)$/i;
const NOT_TEXT_NAME = /^(className|.*ClassName|id|htmlFor|to|href|type|name|value|key|variant|size|role|testId|data-.*)$/;
const isTextName = (name: string) => TEXT_NAME.test(name) && !NOT_TEXT_NAME.test(name);
/** Calls whose first argument is shown to the user. */
const TEXT_CALLS = /^(toast(\.\w+)?|window\.confirm|confirm|useDocumentTitle|alert)$/;

/** Text with a letter in it, that is not a class list, an identifier, a path or a format token. */
function looksLikeProse(text: string): boolean {
  const t = text.trim();
  if (!/\p{L}/u.test(t)) return false;
  if (/^[\w-]+$/.test(t) && !/^[A-Z][a-z]+$/.test(t)) return false; // identifiers, keys, css tokens (not a capitalised word)
  if (/^[/.#?&=:\w-]+$/.test(t) && t.includes('/')) return false; // paths and urls
  if (/^\([a-z-]+:\s*[\w.-]+\)$/.test(t)) return false; // media queries
  return true;
}

type AstNode = { type: string; start?: number | null; loc?: { start: { line: number } } | null; [key: string]: unknown };

function findHardCodedText(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const ast = parse(text, { sourceType: 'module', plugins: file.endsWith('.tsx') ? ['jsx', 'typescript'] : ['typescript'] });
  const lines = text.split('\n');
  const found: string[] = [];
  const report = (node: AstNode, value: string) => {
    const line = node.loc?.start.line ?? 0;
    if (!looksLikeProse(value) || (lines[line - 2] ?? '').includes('i18n-ignore') || (lines[line - 1] ?? '').includes('i18n-ignore'))
      return;
    found.push(`${path.relative(ROOT, file)}:${line}: ${value.trim().slice(0, 60)}`);
  };
  const stringOf = (node: AstNode | null | undefined): string | null => {
    if (!node) return null;
    if (node.type === 'StringLiteral') return node.value as string;
    if (node.type === 'TemplateLiteral') return (node.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked).join(' ');
    if (node.type === 'JSXExpressionContainer') return stringOf(node.expression as AstNode);
    if (node.type === 'ConditionalExpression')
      return [stringOf(node.consequent as AstNode), stringOf(node.alternate as AstNode)].filter(Boolean).join(' ') || null;
    if (node.type === 'LogicalExpression') return stringOf(node.right as AstNode);
    return null;
  };
  const nameOf = (node: AstNode | undefined): string => {
    if (!node) return '';
    if (node.type === 'Identifier' || node.type === 'JSXIdentifier') return node.name as string;
    if (node.type === 'StringLiteral') return node.value as string;
    if (node.type === 'MemberExpression') return `${nameOf(node.object as AstNode)}.${nameOf(node.property as AstNode)}`;
    return '';
  };
  const visit = (node: AstNode, parent: AstNode | null) => {
    if (node.type === 'JSXText') report(node, node.value as string);
    else if (node.type === 'JSXExpressionContainer' && parent && (parent.type === 'JSXElement' || parent.type === 'JSXFragment')) {
      const value = stringOf(node.expression as AstNode);
      if (value) report(node, value);
    } else if (node.type === 'JSXAttribute' && isTextName(nameOf(node.name as AstNode))) {
      const value = stringOf(node.value as AstNode);
      if (value) report(node, value);
    } else if ((node.type === 'ObjectProperty' || node.type === 'Property') && isTextName(nameOf(node.key as AstNode))) {
      const value = stringOf(node.value as AstNode);
      if (value) report(node, value);
    } else if (node.type === 'AssignmentPattern' && isTextName(nameOf(node.left as AstNode))) {
      // A default parameter: ({ label = 'Loading...' }).
      const value = stringOf(node.right as AstNode);
      if (value) report(node, value);
    } else if (node.type === 'VariableDeclarator' && /^[A-Z][A-Z0-9_]+$/.test(nameOf(node.id as AstNode))) {
      // A sentence kept in a constant: const UNSAVED_QUESTION = 'You have unsaved changes…'.
      const value = stringOf(node.init as AstNode);
      if (value && /\s/.test(value.trim())) report(node, value);
    } else if (node.type === 'CallExpression' && TEXT_CALLS.test(nameOf(node.callee as AstNode))) {
      const value = stringOf((node.arguments as AstNode[])[0]);
      if (value) report(node, value);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'loc' || key === 'start' || key === 'end' || !child || typeof child !== 'object') continue;
      if (Array.isArray(child)) for (const c of child) c && typeof c.type === 'string' && visit(c as AstNode, node);
      else if (typeof (child as AstNode).type === 'string') visit(child as AstNode, node);
    }
  };
  visit(ast.program as unknown as AstNode, null);
  return found;
}

describe('user-visible text lives in the catalogues', () => {
  // web/testing/ is the component tests' harness (fixtures, fakes), not product text.
  const files = sourceFiles(WEB).filter((f) => !f.endsWith('i18next.d.ts') && !path.relative(WEB, f).startsWith(`testing${path.sep}`));
  const pending = (file: string) => PENDING.some((p) => path.relative(WEB, file).startsWith(p));

  it('no component writes user-visible text itself (outside the pending folders)', () => {
    const found = files.filter((f) => !pending(f)).flatMap(findHardCodedText);
    expect(found).toEqual([]);
  });

  it('every pending folder still has text to move (the list only shrinks)', () => {
    for (const folder of PENDING) {
      const left = files.filter((f) => path.relative(WEB, f).startsWith(folder)).flatMap(findHardCodedText);
      expect({ folder, left: left.length > 0 }).toEqual({ folder, left: true });
    }
  });

  it('the check finds text written in JSX, attributes, option labels and toasts', () => {
    const sample = path.join(ROOT, '..', 'node_modules', '.cache', 'i18n-sample.tsx');
    const body = `export const options = [{ value: 'a', label: 'Open deals' }];
const QUESTION = 'Leave this page?';
export function X({ emptyLabel = 'Nothing yet' }) { toast.success('Deal saved'); return <div title="Hello there">Deal Pipeline<input placeholder="Search deals" /><Shell areaLabel="Admin" className="p-2" /></div>; }`;
    // Written to a file so the same parser path is exercised.
    mkdirSync(path.dirname(sample), { recursive: true });
    writeFileSync(sample, body);
    const found = findHardCodedText(sample).map((f) => f.split(': ').slice(1).join(': '));
    expect(found).toEqual([
      'Open deals',
      'Leave this page?',
      'Nothing yet',
      'Deal saved',
      'Hello there',
      'Deal Pipeline',
      'Search deals',
      'Admin',
    ]);
  });
});

describe('layouts mirror in right-to-left languages', () => {
  it('uses logical spacing, inset, border, radius and alignment classes, not left/right ones', () => {
    const physical =
      /(?<=[\s"'`:])-?(ml|mr|pl|pr|border-l|border-r|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|scroll-ml|scroll-mr)-[\w[.]|(?<=[\s"'`:])(text-left|text-right|border-l|border-r|rounded-l|rounded-r)(?=[\s"'`]|$)|(?<=[\s"'`:])-?(left|right)-(?!1\/2)[\d[(p]/;
    const found: string[] = [];
    for (const file of sourceFiles(WEB)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (physical.test(line) && !line.includes('i18n-ignore'))
            found.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim().slice(0, 100)}`);
        });
    }
    expect(found).toEqual([]);
  });
});
