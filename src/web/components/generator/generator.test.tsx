// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../core/api';
import { THEME_WARNING_MS } from '../../../core/constants';
import { ME_QUERY_KEY } from '../../lib/session';
import { makeMe, renderWithSession } from '../../test/render';
import { Generator } from './generator';

function member(membership: Partial<Me['membership']>, credits: number): Me {
  const me = makeMe();
  return { ...me, membership: { ...me.membership, ...membership }, credits };
}

function renderGenerator(me: Me, returnTo?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(ME_QUERY_KEY, me);
  return renderWithSession(<Generator returnTo={returnTo} />, { path: '/create', queryClient });
}

const radio = (name: RegExp) => screen.getByRole('radio', { name });
const costLine = () => screen.getByTestId('cost-line');

beforeEach(() => {
  window.sessionStorage.clear();
  // The session is given; nothing here should reach the network.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('unexpected fetch'))),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Generator: cost line and premium gating', () => {
  it('free member, no credits: premium options dimmed with the reason, picking one explains for 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderGenerator(member({ tier: 'free', imageCount: 0 }, 0));

    expect(costLine().textContent).toBe('Free plan — 3 of 3 left this month');
    for (const name of [
      /Comic Book/,
      /Realistic/,
      /Abstract/,
      /Watercolor/,
      /Pixel Art/,
      /Triple Validation/,
      /Private/,
    ]) {
      expect(radio(name).textContent).toContain('Not enough credits');
      expect(radio(name).getAttribute('data-locked')).toBe('true');
    }
    expect(radio(/Default Style/).textContent).not.toContain('Not enough credits');

    fireEvent.click(radio(/Comic Book/));
    expect(screen.getByTestId('theme-message').textContent).toContain(
      'Upgrade to Premium or purchase credits to unlock all themes!',
    );
    expect(radio(/Comic Book/).getAttribute('aria-checked')).toBe('false');
    expect(radio(/Default Style/).getAttribute('aria-checked')).toBe('true');
    expect(costLine().textContent).toBe('Free plan — 3 of 3 left this month');

    await act(() => vi.advanceTimersByTimeAsync(THEME_WARNING_MS - 50));
    expect(screen.queryByTestId('theme-message')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(screen.queryByTestId('theme-message')).toBeNull();

    fireEvent.click(radio(/Triple Validation/));
    expect(screen.getByTestId('quality-message').textContent).toContain(
      'You need 1 credit to use premium features',
    );
    expect(radio(/Standard/).getAttribute('aria-checked')).toBe('true');
  });

  it('free member with credits: "1 credit" on the tile, the theme message, "Uses 1 credit", then "Included"', () => {
    renderGenerator(member({ tier: 'free', imageCount: 1 }, 2));

    expect(radio(/Comic Book/).textContent).toContain('1 credit');
    expect(radio(/Comic Book/).textContent).not.toContain('Included');
    expect(costLine().textContent).toBe('Free plan — 2 of 3 left this month');

    fireEvent.click(radio(/Comic Book/));
    expect(radio(/Comic Book/).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('theme-message').textContent).toContain(
      'This theme will use 1 credit. You have 2 credits available.',
    );
    expect(costLine().getAttribute('data-kind')).toBe('credit');
    expect(costLine().textContent).toContain('Uses 1 credit');

    // The credit now covers every premium option: the tiles say so instead of a second price.
    expect(radio(/Comic Book/).textContent).toContain('Included in this picture’s 1 credit');
    expect(radio(/Private/).textContent).toContain('Included in this picture’s 1 credit');
    // Private as well: still one credit in all.
    fireEvent.click(radio(/Private/));
    expect(radio(/Private/).getAttribute('aria-checked')).toBe('true');
    expect(costLine().textContent).toContain('Uses 1 credit');
  });

  it('at the limit without credits: Generate disabled, the reason beside it, links to credits and plans', () => {
    renderGenerator(member({ tier: 'free', imageCount: 3 }, 0), '/create');
    expect(costLine().getAttribute('data-kind')).toBe('refused');
    expect(costLine().textContent).toContain(
      "You've reached your monthly limit of 3 images. Upgrade your plan or purchase credits to generate more.",
    );
    // Said twice: beside Generate and at the top of the generator, both with the same ways out.
    for (const line of [costLine(), screen.getByTestId('limit-warning')]) {
      expect(within(line).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe(
        '/pricing?tab=credits&returnTo=/create',
      );
      expect(within(line).getByRole('link', { name: 'see plans' }).getAttribute('href')).toBe(
        '/pricing?returnTo=/create',
      );
    }
    fireEvent.click(screen.getByRole('button', { name: 'Underwater scene' }));
    const generate = screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    expect(generate.getAttribute('aria-describedby')).toBe(costLine().id);
  });

  it('a Basic member at the limit with a credit: Generate enabled, "this one uses 1 credit"', () => {
    renderGenerator(member({ tier: 'basic', imageCount: 30, imageLimit: 30 }, 2), '/create');
    expect(costLine().getAttribute('data-kind')).toBe('credit');
    expect(costLine().textContent).toContain('Monthly images used — this one uses 1 credit');
    fireEvent.click(screen.getByRole('button', { name: 'Underwater scene' }));
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('paid member: no hints, premium themes just select, no message', () => {
    renderGenerator(member({ tier: 'basic', imageCount: 4, imageLimit: 30 }, 0));
    expect(radio(/Comic Book/).textContent).not.toMatch(/credit/);
    fireEvent.click(radio(/Pixel Art/));
    expect(radio(/Pixel Art/).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('theme-message')).toBeNull();
    expect(costLine().textContent).toBe('Basic plan — 26 of 30 left this month');
  });

  it('Generate waits for a prompt; a sample idea fills it', () => {
    renderGenerator(member({}, 0));
    const generate = screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Underwater scene' }));
    expect((screen.getByLabelText('Describe your clipart') as HTMLTextAreaElement).value).toBe(
      'Underwater scene',
    );
    expect(screen.getByText(/16 \/ 1000/)).toBeTruthy();
    expect(generate.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Describe your clipart'), { target: { value: '   ' } });
    expect(generate.disabled).toBe(true);
  });

  it('brings back the draft kept in sessionStorage (a purchase round trip)', async () => {
    window.sessionStorage.setItem(
      'clipsmith.generator.draft',
      JSON.stringify({
        prompt: 'A fox with a lantern',
        theme: 'watercolor',
        quality: 'high',
        privacy: 'private',
        extra: 1,
      }),
    );
    renderGenerator(member({}, 1));
    expect((screen.getByLabelText('Describe your clipart') as HTMLTextAreaElement).value).toBe(
      'A fox with a lantern',
    );
    expect(radio(/Watercolor/).getAttribute('aria-checked')).toBe('true');
    expect(radio(/Triple Validation/).getAttribute('aria-checked')).toBe('true');
    expect(radio(/Private/).getAttribute('aria-checked')).toBe('true');
    expect(costLine().textContent).toContain('Uses 1 credit');

    fireEvent.change(screen.getByLabelText('Describe your clipart'), { target: { value: 'A fox' } });
    await waitFor(() =>
      expect(JSON.parse(window.sessionStorage.getItem('clipsmith.generator.draft') ?? '{}').prompt).toBe(
        'A fox',
      ),
    );
  });
});

describe('Generator: pictures (variations)', () => {
  const pictures = (count: string) => screen.getByRole('radio', { name: count }) as HTMLInputElement;

  it('a Premium member picks 4 pictures and the cost line counts them, credits past the limit', () => {
    renderGenerator(member({ tier: 'premium', imageCount: 96, imageLimit: 100 }, 0));
    expect(pictures('1').checked).toBe(true);
    for (const count of ['1', '2', '3', '4']) expect(pictures(count).disabled).toBe(false);
    fireEvent.click(pictures('4'));
    expect(pictures('4').checked).toBe(true);
    expect(costLine().textContent).toBe('4 images — 4 of 100 left this month');
    cleanup();

    renderGenerator(member({ tier: 'premium', imageCount: 98, imageLimit: 100 }, 5));
    // The choice is kept in the draft (sessionStorage), as the prompt is.
    expect(pictures('4').checked).toBe(true);
    expect(costLine().textContent).toContain('4 images — 2 of 100 left this month, 2 more use 1 credit each');
    cleanup();

    renderGenerator(member({ tier: 'premium', imageCount: 98, imageLimit: 100 }, 0));
    expect(costLine().textContent).toContain(
      'You can make 2 more images this month — ask for 2 or fewer, or buy credits.',
    );
    expect((screen.getByRole('button', { name: /Generate/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('other plans see the choice disabled at 1, with a note naming Premium', () => {
    window.sessionStorage.setItem('clipsmith.generator.draft', JSON.stringify({ count: 4 }));
    renderGenerator(member({ tier: 'basic', imageCount: 0, imageLimit: 30 }, 3));
    expect(pictures('1').checked).toBe(true);
    for (const count of ['2', '3', '4']) expect(pictures(count).disabled).toBe(true);
    expect(screen.getByTestId('pictures-choice').textContent).toContain(
      'Several pictures from one prompt come with Premium.',
    );
    expect(costLine().textContent).toBe('Basic plan — 30 of 30 left this month');
  });
});
