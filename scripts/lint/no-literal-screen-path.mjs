// The lint rule `site/no-literal-screen-path` (eslint.config.js): a client file may not write, as a
// literal, a path of the route table (src/shared/screens.ts): a link takes it from screenHref or
// screenPath (src/shared/screen-paths.ts), so a path changed in the table changes every link to it.
// The table's paths are read from its text, as ESLint's config cannot import TypeScript; a path
// inside a nested area (`/users` in the admin area is /admin/users) counts too, and `~` (wouter's
// absolute path) is read through.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The table's path patterns (`/galleries/:id`) and the area bases (`/admin`). */
function tablePaths() {
  const source = readFileSync(path.join(root, 'src/shared/screens.ts'), 'utf8');
  return [...source.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]);
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One matcher per pattern, and per pattern inside an area its path relative to the area. */
export function screenPathMatchers(paths = tablePaths()) {
  const areas = ['/account', '/admin'];
  const forms = new Set();
  for (const pattern of paths) {
    forms.add(pattern);
    for (const area of areas) if (pattern.startsWith(`${area}/`)) forms.add(pattern.slice(area.length));
  }
  return [...forms].map((form) => ({
    form,
    pattern: new RegExp(
      `^${form
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
        .join('/')}$`,
    ),
  }));
}

/** Where a bare '/' is a path: an href, a navigation. Elsewhere ('/' in split('/')) it is not. */
const LINK_ATTRIBUTES = new Set(['href', 'to']);
const NAVIGATIONS = new Set(['navigate', 'setLocation', 'withRedirect', 'useRedirectParam', 'safeRedirectTarget']);

function isLinkPlace(node) {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'JSXAttribute') return LINK_ATTRIBUTES.has(parent.name.name);
  if (parent.type === 'JSXExpressionContainer') return isLinkPlace(parent);
  if (parent.type === 'ConditionalExpression' || parent.type === 'LogicalExpression') return isLinkPlace(parent);
  if (parent.type === 'Property') return parent.value === node && LINK_ATTRIBUTES.has(parent.key.name);
  if (parent.type === 'CallExpression') {
    const callee = parent.callee.type === 'MemberExpression' ? parent.callee.property : parent.callee;
    return callee.type === 'Identifier' && NAVIGATIONS.has(callee.name);
  }
  return false;
}

/** A written path without wouter's `~`, its query and its fragment; a template's holes as one segment each. */
function pathPart(text) {
  return text.replace(/^~/, '').replace(/[?#].*$/s, '');
}

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralScreenPath = {
  meta: {
    type: 'problem',
    docs: { description: 'Client links take their paths from the route table (screenHref, screenPath).' },
    messages: {
      literal:
        "'{{path}}' is a path of the route table ({{form}}): write screenHref(id, params) (src/client/lib/screen-links.ts) or screenPath (src/shared/screen-paths.ts).",
    },
    schema: [],
  },
  create(context) {
    const matchers = screenPathMatchers();
    function check(node, written) {
      const candidate = pathPart(written);
      if (!candidate.startsWith('/')) return;
      if (candidate === '/' && !isLinkPlace(node)) return;
      const found = matchers.find((matcher) => matcher.pattern.test(candidate));
      if (found) context.report({ node, messageId: 'literal', data: { path: written, form: found.form } });
    }
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateLiteral(node) {
        if (node.parent?.type === 'TaggedTemplateExpression') return;
        check(node, node.quasis.map((quasi) => quasi.value.cooked ?? '').join('x'));
      },
    };
  },
};
