import { describe, expect, it } from 'vitest';
import { RENDER_QUEUE, RENDER_SLOTS, withRenderSlot, yieldToRequests } from './render-slots';

describe('render slots', () => {
  it('runs two renders at once, queues the next ones and refuses past the queue with 503', async () => {
    let active = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const render = () =>
      withRenderSlot(async () => {
        active++;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => release.push(resolve));
        active--;
        return 'done';
      });
    const accepted = Array.from({ length: RENDER_SLOTS + RENDER_QUEUE }, render);
    await expect(render()).rejects.toMatchObject({ statusCode: 503 });
    while (release.length > 0 || active > 0) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await expect(Promise.all(accepted)).resolves.toHaveLength(RENDER_SLOTS + RENDER_QUEUE);
    expect(most).toBe(RENDER_SLOTS);
  });

  it('lets a timer run during a long render that yields', async () => {
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const until = performance.now() + 60;
    while (performance.now() < until && !timerRan) await yieldToRequests();
    expect(timerRan).toBe(true);
  });
});
