import { describe, expect, it } from 'vitest';
import { testLabels } from '../test/labels';
import { render, settle } from '../test/render';
import type { TreeNodeData } from '../types';
import { PersonCard } from './person-card';

/** The tree's card tells a namesake apart by the father and grandfather. */

const aibek: TreeNodeData = {
  id: 7,
  name: 'Айбек',
  sex: 'M',
  birth_year: 1827,
  death_year: 1895,
  child_count: 0,
  father_name: 'Чоткара',
  grandfather_name: 'Мырзабек',
};

const anchor = document.createElement('div');
document.body.append(anchor);

async function mount(labels = testLabels) {
  const view = await render(
    <PersonCard
      person={aibek}
      lineage={[]}
      entry={undefined}
      expanded={false}
      anchorEl={() => anchor}
      href="/persons/7"
      labels={labels}
      renderText={(text) => text}
      onClose={() => {}}
      onToggle={() => {}}
    />,
  );
  await settle();
  return view;
}

describe('PersonCard', () => {
  it('shows the patronymic under the name, in the heading’s accessible name', async () => {
    await mount({
      ...testLabels,
      patronymic: (person) => `${person.father_name} уулу (${person.grandfather_name})`,
    });
    const patronymic = document.querySelector('[data-testid="card-patronymic"]');
    expect(patronymic?.textContent).toBe('Чоткара уулу (Мырзабек)');
    expect(document.querySelector('h2')?.getAttribute('aria-label')).toBe(
      'Айбек Чоткара уулу (Мырзабек)',
    );
  });

  it('shows the name alone without the page’s patronymic', async () => {
    await mount();
    expect(document.querySelector('[data-testid="card-patronymic"]')).toBeNull();
    expect(document.querySelector('h2')?.getAttribute('aria-label')).toBe('Айбек');
  });
});
