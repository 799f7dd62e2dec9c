import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * `modules/no-cycle`: no import cycle between the server's modules (src/server/modules/<module>/),
 * type imports counted (docs/decisions/059-transition-hooks-and-no-module-cycles.md). A cycle
 * runs through modules, not files: `orders/order-actions.service.ts` → `billing/billing.service.ts`
 * → `orders/orders.service.ts` is one, though no file imports itself back. Each import of another
 * module is reported when that module already reaches the importing one. Tests are left out:
 * they may use any module.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(root, 'src/server/modules');
const codeFile = /\.(ts|tsx|mts|mjs|js)$/;
const testFile = /\.test\.(ts|tsx)$/;

/** The module a file belongs to, or undefined outside src/server/modules. */
function moduleOf(file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name : undefined;
}

/** The file an import names (relative or `#server/…`), whether or not it exists; undefined for packages. */
function targetOf(importer, specifier) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier);
  if (specifier.startsWith('#server/')) return path.join(root, 'src/server', specifier.slice('#server/'.length));
  return undefined;
}

/**
 * A schema file naming another module's table for a foreign key (docs/decisions/058-tables-owned-by-modules.md):
 * the row points at the other module's data, as the database's constraint does, and no
 * code runs through it, so it is not an edge between the modules.
 */
const schemaFile = /\.schema(\.ts)?$/;
function isForeignKeyReference(importer, target) {
  return schemaFile.test(importer) && schemaFile.test(target);
}

/** Every code file of a folder, tests left out. */
function codeFiles(folder) {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && codeFile.test(entry.name) && !testFile.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Which modules each module imports, read from the files as they are on disk (TypeScript's pre-processor: imports, type imports, re-exports, `import()`). */
function readModuleGraph() {
  const graph = new Map();
  for (const file of codeFiles(modulesDir)) {
    const from = moduleOf(file);
    const imported = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
    for (const { fileName } of imported) {
      const target = targetOf(file, fileName);
      const to = target && moduleOf(target);
      if (!to || to === from || isForeignKeyReference(file, target)) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
    }
  }
  return graph;
}

/** Read once per lint run; an editor's long-lived process reads again after a few seconds. */
let cached = { at: 0, graph: new Map() };
function moduleGraph() {
  if (Date.now() - cached.at > 5_000) cached = { at: Date.now(), graph: readModuleGraph() };
  return cached.graph;
}

/** The modules from `start` to `goal` (both included), breadth first; undefined when `start` does not reach it. */
export function pathBetween(graph, start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const route = [];
      for (let step = goal; step !== undefined; step = cameFrom.get(step)) route.unshift(step);
      return route;
    }
    for (const next of graph.get(current) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between the server modules, type imports counted.' },
    schema: [],
    messages: {
      cycle:
        '{{from}} → {{to}} closes a cycle of modules ({{cycle}}). Hand the dependency over in app.ts through an interface of the importing module, or move the shared type to the module that owns it or to src/shared/.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const from = moduleOf(file);
    if (!from || testFile.test(file)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = targetOf(file, source);
      const to = target && moduleOf(target);
      if (!to || to === from || isForeignKeyReference(file, target)) return;
      const back = pathBetween(moduleGraph(), to, from);
      if (back) context.report({ node, messageId: 'cycle', data: { from, to, cycle: [from, ...back].join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.source?.value),
    };
  },
};

export default { rules: { 'no-cycle': noCycle } };
