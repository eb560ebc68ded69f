/**
 * `npm run gen:tree -- --persons 1000000 --out tree.ged [--seed 1]`: writes a synthetic
 * patrilineal GEDCOM (see tree-generator.ts) for tests and benchmarks.
 */
import { parseArgs } from 'node:util';
import { generateTree, writeGedcom } from './tree-generator';

const { values } = parseArgs({
  options: {
    persons: { type: 'string', default: '100000' },
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const persons = Number(values.persons);
if (!Number.isInteger(persons) || persons < 1 || !values.out) {
  console.error('usage: npm run gen:tree -- --persons N --out file.ged [--seed S]');
  process.exit(2);
}
const started = performance.now();
const tree = generateTree(persons, Number(values.seed));
await writeGedcom(tree, values.out);
const names = new Set<string>();
for (let i = 0; i < tree.count; i++) {
  names.add(`${tree.sex[i]}:${tree.name[i]}`);
}
console.log(
  `${values.out}: ${persons} persons, ${tree.generations} generations, ${names.size} distinct ` +
    `given names, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
