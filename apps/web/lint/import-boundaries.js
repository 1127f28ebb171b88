// The web app's import boundaries (issue 11; ARCHITECTURE.md 'Web', 'Micro-frontends'):
// - a file in apps/web/src/features/<f>/ may not import another feature or app/ (router, layout, store);
//   what two features share moves down into a shared layer (domain/, components/, lib/);
// - a module-federation remote (apps/dashboard, apps/remote-component) never imports the host (apps/web).
// One small rule rather than no-restricted-imports patterns: those match the import text, and a relative
// path ('../../results/...') only says which folder it reaches once resolved against the importing file.
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const webSrc = path.join(repoRoot, 'apps/web/src');
const webApp = path.join(repoRoot, 'apps/web');
const remotes = ['apps/dashboard', 'apps/remote-component'].map((dir) => path.join(repoRoot, dir));

const inside = (folder, file) => {
  const rel = path.relative(folder, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/** Why `specifier`, imported from `filename`, crosses a boundary, or null when it does not. */
export function boundaryViolation(filename, specifier) {
  const file = path.resolve(filename);
  const remote = remotes.find((root) => inside(root, file));
  if (remote) {
    if (specifier === '@nivaas/web' || specifier.startsWith('@nivaas/web/')) {
      return 'a remote never imports the host (@nivaas/web)';
    }
    if (specifier.startsWith('.') && inside(webApp, path.resolve(path.dirname(file), specifier))) {
      return 'a remote never imports the host (apps/web)';
    }
    return null;
  }
  const features = path.join(webSrc, 'features');
  if (!inside(features, file) || !specifier.startsWith('.')) return null;
  const feature = path.relative(features, file).split(path.sep)[0];
  const target = path.resolve(path.dirname(file), specifier);
  if (inside(path.join(webSrc, 'app'), target)) {
    return `feature '${feature}' may not import app/ (the router, layout and store sit above the features)`;
  }
  if (inside(features, target)) {
    const other = path.relative(features, target).split(path.sep)[0];
    if (other !== feature) {
      return `feature '${feature}' may not import feature '${other}': move what they share into domain/, components/ or lib/`;
    }
  }
  return null;
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features import neither other features nor app/; remotes never import the host.' },
    schema: [],
    messages: { crossed: '{{why}}' },
  },
  create(context) {
    const check = (source) => {
      if (!source || typeof source.value !== 'string') return;
      const why = boundaryViolation(context.filename, source.value);
      if (why) context.report({ node: source, messageId: 'crossed', data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // vi.mock('../../app/...') reaches across a boundary as surely as an import does.
      CallExpression: (node) => {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'doMock', 'importActual'].includes(callee.property.name) &&
          node.arguments[0]?.type === 'Literal'
        ) {
          check(node.arguments[0]);
        }
      },
    };
  },
};

export const webBoundaries = { rules: { 'import-boundaries': importBoundaries } };
