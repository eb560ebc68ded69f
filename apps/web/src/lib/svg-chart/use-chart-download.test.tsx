import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../../test/render';
import { useChartDownload } from './use-chart-download';

function Chart({ build }: { build: () => never }) {
  const { download, notice } = useChartDownload(
    { load: () => Promise.resolve(null), draw: build },
    'chart',
    'Файлды түзүү ишке ашкан жок',
  );
  return (
    <>
      <button type="button" onClick={() => download('svg')}>
        SVG
      </button>
      {notice}
    </>
  );
}

describe('useChartDownload', () => {
  it('says so when the file cannot be built, and nothing before', async () => {
    const view = await render(
      <Chart
        build={() => {
          throw new Error('no canvas');
        }}
      />,
    );
    const alert = () => document.querySelector('[role="alert"]');
    expect(alert()).toBeNull();
    await act(async () => view.container.querySelector('button')?.click());
    // The download code and then the notice load lazily: let React see both arrive.
    for (let i = 0; i < 40 && !alert(); i += 1) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 25)));
    }
    expect(alert()?.textContent).toContain('Файлды түзүү ишке ашкан жок');
    await view.unmount();
  });
});
