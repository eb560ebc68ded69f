import type { Poll } from '@bagysh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render';
import { PollBallot } from './poll-ballot';

const poll: Poll = {
  id: 9,
  question: 'Q',
  description: '',
  status: 'active',
  multiple: true,
  max_choices: 2,
  anonymous: true,
  allow_change: true,
  closes_at: null,
  closed_at: null,
  closed_by: null,
  cancel_reason: null,
  options: [
    { id: 1, text: 'A' },
    { id: 2, text: 'B' },
    { id: 3, text: 'C' },
  ],
  my_vote: [],
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  total_voters: null,
  results: null,
};

async function mount(value: Poll) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <PollBallot poll={value} />
    </QueryClientProvider>,
  );
}

const boxes = (container: HTMLElement) => [
  ...container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'),
];

let view: Awaited<ReturnType<typeof mount>> | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});

describe('PollBallot', () => {
  it('disables the other checkboxes once max_choices are ticked', async () => {
    view = await mount(poll);
    const [a, b, c] = boxes(view.container);
    await act(async () => a!.click());
    await act(async () => b!.click());
    expect(a!.checked && b!.checked).toBe(true);
    expect(c!.disabled).toBe(true);
    await act(async () => a!.click());
    expect(c!.disabled).toBe(false);
  });

  it('sends the ticked options to POST polls/{id}/vote/', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ...poll, my_vote: [2] })));
    vi.stubGlobal('fetch', fetchMock);
    view = await mount({ ...poll, multiple: false, max_choices: 1 });
    const radios = [...view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    await act(async () => radios[1]!.click());
    const submit = view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit.disabled).toBe(false);
    await act(async () => submit.click());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/polls/9/vote/');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ option_ids: [2] });
  });

  it('locks the ballot of a voter who may not change it', async () => {
    view = await mount({ ...poll, allow_change: false, my_vote: [1] });
    expect(boxes(view.container).every((box) => box.disabled)).toBe(true);
    expect(view.container.querySelector('button[type="submit"]')).toBeNull();
  });
});
