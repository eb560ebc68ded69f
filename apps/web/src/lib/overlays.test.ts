import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { closeOverlay, openOverlay, overlayZIndex, pulse, whenHistoryIdle } from './overlays';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const opened: string[] = [];
function entry(id: string, persistent = false) {
  opened.push(id);
  return { id, persistent, onBack: vi.fn(), pulse: vi.fn() };
}

/** The browser's part: the entry below the current one becomes current. */
function browserBack() {
  history.replaceState({ idx: 0 }, '');
  window.dispatchEvent(new PopStateEvent('popstate', { state: history.state as unknown }));
}

// happy-dom's history.back() would navigate the test document: the tests play the browser.
let back: MockInstance<() => void>;
beforeEach(() => {
  back = vi.spyOn(history, 'back').mockImplementation(() => {});
  history.replaceState({ idx: 0 }, '');
});
afterEach(async () => {
  for (const id of opened.splice(0)) closeOverlay(id);
  await flush();
  browserBack(); // answers any step back the stack asked for
  await flush();
  back.mockRestore();
});

describe('overlay stack (docs/product.md, Overlays)', () => {
  it('gives stacked overlays z-index 2000 + 10 per layer', () => {
    openOverlay(entry('a'));
    openOverlay(entry('b'));
    openOverlay(entry('c'));
    expect([overlayZIndex('a'), overlayZIndex('b'), overlayZIndex('c')]).toEqual([
      2000, 2010, 2020,
    ]);
    closeOverlay('b');
    expect(overlayZIndex('c')).toBe(2010);
    // A closed overlay keeps its layer while it fades out.
    expect(overlayZIndex('b')).toBe(2010);
  });

  it('gives each open overlay a history entry at the same URL, for Back to close it', async () => {
    const before = history.length;
    const url = location.href;
    openOverlay(entry('d'));
    openOverlay(entry('e'));
    await flush();
    expect(history.length).toBe(before + 2);
    expect(location.href).toBe(url);
    expect(history.state).toEqual({ idx: 0, bagyshOverlay: 'e' });
  });

  it('closes the top overlay when Back takes its entry away', async () => {
    const plain = entry('f');
    openOverlay(plain);
    await flush();
    browserBack();
    expect(plain.onBack).toHaveBeenCalledTimes(1);
  });

  it('keeps a persistent overlay open on Back: it pulses and its entry comes back', async () => {
    const persistent = entry('g', true);
    openOverlay(persistent);
    await flush();
    browserBack();
    expect(persistent.onBack).not.toHaveBeenCalled();
    expect(persistent.pulse).toHaveBeenCalledTimes(1);
    await flush();
    expect((history.state as Record<string, unknown>).bagyshOverlay).toBe('g');
  });

  it('steps back over the entry of an overlay closed by Escape or a click', async () => {
    openOverlay(entry('h'));
    await flush();
    closeOverlay('h');
    await flush();
    expect(back).toHaveBeenCalledTimes(1);
  });

  describe('when the step back is slow or never comes', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => vi.useRealTimers());

    /** An overlay closed by a click on a link in it, the link's navigation waiting. */
    async function closedByLink(id: string) {
      openOverlay(entry(id));
      await vi.advanceTimersByTimeAsync(0);
      const navigate = vi.fn();
      closeOverlay(id);
      whenHistoryIdle(navigate);
      return navigate;
    }

    it('waits for a slow one, never stepping twice, then runs what waited', async () => {
      const navigate = await closedByLink('i');
      await vi.advanceTimersByTimeAsync(1500);
      expect(back).toHaveBeenCalledTimes(1);
      expect(navigate).not.toHaveBeenCalled();
      browserBack();
      await vi.advanceTimersByTimeAsync(5000);
      expect(back).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledTimes(1);
    });

    it('takes the entry as unmarked when no step back comes, and goes on', async () => {
      const navigate = await closedByLink('j');
      await vi.advanceTimersByTimeAsync(3000);
      expect(back).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledTimes(1);
      // The next overlay gets an entry of its own above it.
      openOverlay(entry('k'));
      await vi.advanceTimersByTimeAsync(0);
      expect(history.state).toEqual({ idx: 0, bagyshOverlay: 'k' });
      expect(back).toHaveBeenCalledTimes(1);
    });
  });
});

describe('pulse', () => {
  it('scales the content to 1.03 and back in 150 ms', () => {
    const element = document.createElement('div');
    const animate = vi.fn();
    element.animate = animate;
    pulse(element);
    expect(animate).toHaveBeenCalledWith(
      [{ transformOrigin: 'center' }, { transform: 'scale(1.03)' }, { transformOrigin: 'center' }],
      expect.objectContaining({ duration: 150 }),
    );
  });

  it('does nothing without an element', () => {
    expect(() => pulse(null)).not.toThrow();
  });
});
