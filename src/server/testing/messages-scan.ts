import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';

/**
 * Finds the literal messages of the server's and the shared sources (issue 16, the `errors`
 * catalogue): HttpError and its helpers' messages, zod messages, `message:` / `error:` texts and
 * UPPER_SNAKE message constants. A template literal becomes a pattern with `{{}}` for each value.
 * A line marked `// i18n-ignore` (or the line above) is skipped.
 */
export const SRC = path.resolve(import.meta.dirname, '../..');

export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'testing' && name !== 'i18n') out.push(...sourceFiles(full));
    } else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

type AstNode = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };

/** Calls whose first argument (or second, for `new HttpError(status, message)`) is a message. */
const MESSAGE_CALLS = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict']);
/** Zod methods whose string arguments are messages. */
const ZOD_METHODS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'email',
  'url',
  'uuid',
  'refine',
  'int',
  'positive',
  'nonnegative',
  'negative',
  'gt',
  'gte',
  'lt',
  'lte',
  'nonempty',
  'multipleOf',
  'startsWith',
  'endsWith',
  'datetime',
  'date',
  'enum',
  'literal',
  'string',
  'number',
  'boolean',
  'array',
  'object',
]);
/** Object properties whose text is a message. */
const MESSAGE_PROPERTIES = new Set(['message', 'error']);

/** A literal's text; a template literal becomes a pattern with {{}} for each value. */
function textOf(node: AstNode | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'StringLiteral') return node.value as string;
  if (node.type === 'TemplateLiteral') return (node.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked).join('{{}}');
  if (node.type === 'ConditionalExpression') return null;
  return null;
}

/** Every literal of a node that may be a message (both branches of a conditional). */
function textsOf(node: AstNode | null | undefined): string[] {
  if (!node) return [];
  if (node.type === 'ConditionalExpression') return [...textsOf(node.consequent as AstNode), ...textsOf(node.alternate as AstNode)];
  if (node.type === 'LogicalExpression') return [...textsOf(node.left as AstNode), ...textsOf(node.right as AstNode)];
  const t = textOf(node);
  return t === null ? [] : [t];
}

const rootOf = (node: AstNode): AstNode => {
  let n = node;
  while (n.type === 'MemberExpression' || n.type === 'CallExpression') n = (n.type === 'MemberExpression' ? n.object : n.callee) as AstNode;
  return n;
};
const nameOf = (node: AstNode | undefined): string =>
  node?.type === 'Identifier' ? (node.name as string) : node?.type === 'MemberExpression' ? nameOf(node.property as AstNode) : '';

/** Sentence-like text: a capital letter, a space; not SQL, not a log line. */
const looksLikeMessage = (t: string): boolean =>
  /^[A-Z]/.test(t) && /\s/.test(t) && !/^(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP|BEGIN|COMMIT|SET)\b/.test(t);

/** Local variables that hold the message of an error thrown next (`const msg = \`…\``). */
const MESSAGE_VARIABLE = new Set(['msg', 'message']);

/** UPPER_SNAKE constants that hold message texts (IP_NOT_ALLOWED, TWO_FACTOR_MESSAGES.invalidCode). */
const MESSAGE_CONSTANT =
  /^[A-Z][A-Z0-9_]*(MESSAGES?|ERRORS?|INVALID|NOT_ALLOWED|_ONLY|TOO_\w+|REQUIRED|DO_NOT_\w+|_DONE|CONTAINS_\w+|NOTHING_\w+)$/;

export function collectMessages(file: string): { text: string; where: string }[] {
  const source = readFileSync(file, 'utf8');
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript'] });
  const found: { text: string; where: string }[] = [];
  const lines = source.split('\n');
  const add = (node: AstNode, texts: string[], strict = false) => {
    const line = node.loc?.start.line ?? 0;
    if ((lines[line - 2] ?? '').includes('i18n-ignore') || (lines[line - 1] ?? '').includes('i18n-ignore')) return;
    for (const text of texts)
      if (/\p{L}/u.test(text) && (!strict || looksLikeMessage(text))) found.push({ text, where: `${path.relative(SRC, file)}:${line}` });
  };
  const visit = (node: AstNode) => {
    if (node.type === 'CallExpression' || node.type === 'NewExpression') {
      const callee = node.callee as AstNode;
      const args = node.arguments as AstNode[];
      const name = nameOf(callee);
      if (node.type === 'NewExpression' && name === 'HttpError') add(node, textsOf(args[1]));
      // Thrown by the waterfall (shared) and sent as a 409 with its message.
      else if (node.type === 'NewExpression' && name === 'WaterfallInputError') add(node, textsOf(args[0]));
      else if (node.type === 'CallExpression' && callee.type === 'Identifier' && MESSAGE_CALLS.has(name)) {
        add(node, textsOf(args[0]));
        // badRequest(message, { field: 'text' }): the field messages.
        if (args[1]?.type === 'ObjectExpression')
          for (const p of args[1].properties as AstNode[]) if (p.type === 'ObjectProperty') add(p, textsOf(p.value as AstNode));
      }
      // The web's own messages (src/web/lib): new ApiError(status, 'text').
      else if (node.type === 'NewExpression' && name === 'ApiError') add(node, textsOf(args[1]));
      else if (callee.type === 'MemberExpression' && ZOD_METHODS.has(name) && nameOf(rootOf(callee)) === 'z') {
        for (const a of args) add(a, textsOf(a), true);
      }
    } else if (node.type === 'ObjectProperty' && MESSAGE_PROPERTIES.has(nameOf(node.key as AstNode))) {
      add(node, textsOf(node.value as AstNode), true);
    } else if (node.type === 'VariableDeclarator' && MESSAGE_VARIABLE.has(nameOf(node.id as AstNode))) {
      add(node, textsOf(node.init as AstNode));
    } else if (node.type === 'VariableDeclarator' && MESSAGE_CONSTANT.test(nameOf(node.id as AstNode))) {
      const init = node.init as AstNode | null;
      const unwrapped = init?.type === 'TSAsExpression' || init?.type === 'TSSatisfiesExpression' ? (init.expression as AstNode) : init;
      if (unwrapped?.type === 'ObjectExpression') {
        for (const p of unwrapped.properties as AstNode[]) if (p.type === 'ObjectProperty') add(p, textsOf(p.value as AstNode), true);
      } else add(node, textsOf(unwrapped), true);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'loc' || !child || typeof child !== 'object') continue;
      if (Array.isArray(child)) for (const c of child) c && typeof c.type === 'string' && visit(c as AstNode);
      else if (typeof (child as AstNode).type === 'string') visit(child as AstNode);
    }
  };
  visit(ast.program as unknown as AstNode);
  return found;
}
