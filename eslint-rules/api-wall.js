// The API's lint wall (docs/development.md, "Lint walls"): imports point down the layers, and only
// the genealogy core names the persons table, so that reaching around the privacy rule takes a
// visible import of genealogy/person-table.ts.
//
//   app.ts, server.ts, shell/, demo/, cli/   may import anything below
//   modules/<feature>/                       its own folder, the core and the platform
//   genealogy/                               itself and the platform
//   files/, backup/, db/, lib/, mail/, plugins/, print/, env.ts   the platform only
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '../apps/api/src');
const PLATFORM = new Set(['files', 'backup', 'db', 'lib', 'mail', 'plugins', 'print', 'env.ts']);
const TOP = new Set(['app.ts', 'server.ts', 'shell', 'demo', 'cli']);

/** The layer of a file under apps/api/src: `top`, `module:<name>`, `core` or `platform`. */
function layerOf(file) {
  const [first, second] = path.relative(SRC, file).split(path.sep);
  if (first === 'modules') return `module:${second}`;
  if (first === 'genealogy') return 'core';
  if (PLATFORM.has(first)) return 'platform';
  if (TOP.has(first)) return 'top';
  return null;
}

function allowed(from, to) {
  if (from === 'top' || from === to || to === 'platform') return true;
  if (to === 'core') return from !== 'platform';
  return false;
}

const READS_PERSONS = /\b(from|join|into|update)\s+"?persons"?(?![\w"])/i;

const importsDownward = {
  meta: {
    type: 'problem',
    docs: { description: 'API imports point down: top → modules → genealogy → platform' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      if (!target.startsWith(SRC + path.sep)) return;
      const to = layerOf(target.endsWith('.ts') ? target : `${target}.ts`);
      if (!to || allowed(from, to)) return;
      const message = from.startsWith('module:')
        ? to.startsWith('module:')
          ? 'A module does not import a sibling module: move what both need into genealogy/ or the platform.'
          : 'A module imports only its own folder, genealogy/ and the platform (files, backup, db, lib, mail, plugins, print).'
        : from === 'core'
          ? 'genealogy/ never imports modules or the top layer: pass what it needs in.'
          : 'The platform (files, backup, db, lib, mail, plugins, print) imports only the platform.';
      context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

const personsThroughCore = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the genealogy core names the persons table' },
    schema: [],
  },
  create(context) {
    const message =
      'Only genealogy/ names the persons table: read persons through genealogy/ (person-rows, privacy), ' +
      'or take personsTable from genealogy/person-table for raw rows.';
    const text = (node, value) => READS_PERSONS.test(value) && context.report({ node, message });
    return {
      ImportDeclaration(node) {
        if (!/\/db\/schema(\/|$)/.test(node.source.value)) return;
        for (const specifier of node.specifiers)
          if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'persons')
            context.report({ node: specifier, message });
      },
      TemplateElement: (node) => text(node, node.value.cooked ?? node.value.raw),
      Literal: (node) => typeof node.value === 'string' && text(node, node.value),
    };
  },
};

export default {
  rules: { 'imports-downward': importsDownward, 'persons-through-core': personsThroughCore },
};
