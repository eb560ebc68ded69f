import { toRunes } from '@bagysh/shared';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Text } from '../components/text';
import { render } from '../test/render';
import { useAppStore } from './app-store';
import { useScript } from './script';

afterEach(() => useAppStore.setState({ language: 'ky' }));

function Field({ value }: { value: string }) {
  const script = useScript();
  const id = 'field';
  return (
    <>
      <label htmlFor={id}>{script.field(value)}</label>
      <input id={id} />
    </>
  );
}

function Labelled({ value }: { value: string }) {
  const script = useScript();
  return (
    <button type="button" {...script.label(value)}>
      {script.text(value)}
    </button>
  );
}

describe('the script of the current language', () => {
  it('shows ky text as it is, with no extra label', async () => {
    const view = await render(
      <>
        <Text>Санжыра</Text>
        <Labelled value="Издөө" />
      </>,
    );
    expect(view.container.textContent).toBe('СанжыраИздөө');
    expect(view.container.querySelector('bdi')).toBeNull();
    expect(view.container.querySelector('button')?.hasAttribute('aria-label')).toBe(false);
    await view.unmount();
  });

  it('writes old_ky in runes, isolated right to left, the Cyrillic kept for screen readers', async () => {
    useAppStore.setState({ language: 'old_ky' });
    const view = await render(
      <>
        <Text>Санжыра</Text>
        <Labelled value="Издөө" />
      </>,
    );
    const [text, label] = [...view.container.querySelectorAll('bdi')];
    expect(text?.textContent).toBe('𐰽𐰀𐰣𐰳𐰃𐰺𐰀');
    expect(text?.getAttribute('dir')).toBe('rtl');
    expect(text?.getAttribute('lang')).toBe('ky-Orkh');
    expect(label?.textContent).toBe('𐰃𐰔𐰓𐰇𐰇');
    const button = view.container.querySelector('button');
    expect(button?.getAttribute('aria-label')).toBe('Издөө');
    expect(button?.getAttribute('title')).toBe('Издөө');
    await view.unmount();
  });

  it('labels a form field in runes to the eye and in Cyrillic to screen readers', async () => {
    const ky = await render(<Field value="Аты" />);
    expect(ky.container.querySelector('label')?.textContent).toBe('Аты');
    expect(ky.container.querySelector('bdi')).toBeNull();
    await ky.unmount();

    useAppStore.setState({ language: 'old_ky' });
    const view = await render(<Field value="Аты" />);
    const runes = view.container.querySelector('label bdi');
    expect(runes?.textContent).toBe(toRunes('Аты'));
    expect(runes?.getAttribute('aria-hidden')).toBe('true');
    expect(runes?.getAttribute('dir')).toBe('rtl');
    // What is left once aria-hidden parts are dropped: the Cyrillic, drawn off screen.
    const hidden = [...(view.container.querySelector('label')?.children ?? [])].filter(
      (child) => child.getAttribute('aria-hidden') !== 'true',
    );
    expect(hidden.map((child) => child.textContent)).toEqual(['Аты']);
    expect((hidden[0] as HTMLElement).style.position).toBe('absolute');
    await view.unmount();
  });

  it('re-renders at once when the language changes, without remounting', async () => {
    const view = await render(<Text>Кыргыз</Text>);
    expect(view.container.textContent).toBe('Кыргыз');
    await act(async () => useAppStore.getState().setLanguage('old_ky'));
    expect(view.container.textContent).toBe('𐰴𐰃𐰺𐰍𐰃𐰔');
    await act(async () => useAppStore.getState().setLanguage('ky'));
    expect(view.container.textContent).toBe('Кыргыз');
    await view.unmount();
  });

  it('shows nothing for missing server content', async () => {
    const view = await render(<Text>{null}</Text>);
    expect(view.container.textContent).toBe('');
    await view.unmount();
  });
});
