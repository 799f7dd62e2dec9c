// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CaptchaPuzzle } from './captcha-puzzle.ts';
import { CaptchaWidget, type CaptchaWidgetProps } from './captcha-widget.tsx';
import { searchRange } from './search-range.ts';
import { sha256Hex } from './sha256.ts';
import { CaptchaWorkerError, type CaptchaSolver } from './worker-pool.ts';

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const secretNumber = 42;

function makePuzzle(expiresInSeconds = 600): CaptchaPuzzle {
  // Date.now() follows the fake clock, so a puzzle fetched later expires later.
  const salt = `0123456789abcdef01234567?expires=${Math.floor(Date.now() / 1000) + expiresInSeconds}&sitekey=newsletter&`;
  return {
    algorithm: 'SHA-256',
    challenge: sha256Hex(salt + secretNumber),
    maxnumber: 100,
    salt,
    signature: 'signature',
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Solves in the test's own thread: jsdom has no Web Workers. */
const syncSolver: CaptchaSolver = async (puzzle) => searchRange(puzzle.salt, puzzle.challenge, 0, puzzle.maxnumber);

let fetchMock: Mock<typeof fetch>;
let onSolved: Mock<(solution: string) => void>;
let onReset: Mock<() => void>;

function renderWidget(props: Partial<CaptchaWidgetProps> = {}) {
  const all: CaptchaWidgetProps = {
    siteKey: 'newsletter',
    language: 'en-US',
    onSolved,
    onReset,
    solver: syncSolver,
    ...props,
  };
  const view = render(<CaptchaWidget {...all} />);
  return { ...view, rerenderWith: (more: Partial<CaptchaWidgetProps>) => view.rerender(<CaptchaWidget {...all} {...more} />) };
}

const status = () => document.querySelector('[aria-live="polite"]')?.textContent;
const hiddenSolution = () => (document.querySelector('input[name="captchaSolution"]') as HTMLInputElement).value;
const checkbox = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'I am not a robot' });

/** Lets timers and pending promises run, inside act so React applies the updates. */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

// The widget imports its fetch and solving code on demand: loaded once here, so the fake
// clock's steps below see it there at once, as a visitor's browser does after the first time.
beforeAll(async () => {
  await import('./captcha-solving.ts');
});

beforeEach(() => {
  vi.useFakeTimers({ now });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  onSolved = vi.fn();
  onReset = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'webdriver');
});

describe('CaptchaWidget', () => {
  it('is initializing in prerendered HTML, before JavaScript runs', () => {
    const html = renderToString(<CaptchaWidget siteKey="newsletter" language="en-US" onSolved={onSolved} onReset={onReset} />);
    expect(html).toContain('Preparing the anti-robot verification…');
    expect(html).toContain('name="captchaSolution"');
  });

  it('waits in ready, then fetches, solves and fills the hidden field', async () => {
    fetchMock.mockImplementation(async () => json(makePuzzle()));
    renderWidget();
    expect(status()).toBe('Tick the box to start the anti-robot verification.');
    expect(checkbox().checked).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(checkbox());
    expect(status()).toBe('Loading the anti-robot puzzle…');
    await advance(0);

    expect(status()).toBe('Verified. You are not a robot.');
    expect(checkbox().checked).toBe(true);
    const solution = JSON.parse(atob(hiddenSolution())) as Record<string, unknown>;
    expect(solution).toEqual({ ...makePuzzle(), number: secretNumber, maxnumber: undefined });
    expect(Object.keys(solution).sort()).toEqual(['algorithm', 'challenge', 'number', 'salt', 'signature']);
    expect(onSolved).toHaveBeenCalledWith(hiddenSolution());

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/captcha/puzzle?sitekey=newsletter');
    expect(new Headers(init?.headers).get('X-Captcha-Client')).toBe('cyber-captcha@1.0.0');
  });

  it('shows the solving state while the solver works', async () => {
    fetchMock.mockImplementation(async () => json(makePuzzle()));
    let finish: (n: number) => void = () => {};
    renderWidget({ solver: () => new Promise<number>((resolve) => (finish = resolve)) });
    fireEvent.click(checkbox());
    await advance(0);
    expect(status()).toBe('Verifying that you are not a robot…');
    expect(screen.getByRole('group').getAttribute('aria-busy')).toBe('true');
    await act(async () => finish(secretNumber));
    expect(status()).toBe('Verified. You are not a robot.');
  });

  it('speaks Swiss German', async () => {
    fetchMock.mockImplementation(async () => json(makePuzzle()));
    renderWidget({ language: 'de-CH', autoStart: true });
    await advance(0);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Ich bin kein Roboter' }).checked).toBe(true);
    expect(status()).toBe('Geprüft. Sie sind kein Roboter.');
  });

  it('starts by itself with autoStart and uses the given puzzle URL', async () => {
    fetchMock.mockImplementation(async () => json(makePuzzle()));
    renderWidget({ autoStart: true, puzzleUrl: '/other/puzzle' });
    await advance(0);
    expect(fetchMock.mock.calls[0]![0]).toBe('/other/puzzle?sitekey=newsletter');
    expect(onSolved).toHaveBeenCalledOnce();
  });

  it('refuses an automated browser and does not start', async () => {
    Object.defineProperty(navigator, 'webdriver', { configurable: true, get: () => true });
    renderWidget({ autoStart: true });
    await advance(0);
    expect(status()).toBe('Browser check failed, try a different browser');
    expect(checkbox().disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });


  it.each([undefined, ''])('reports a missing site key (%j)', async (siteKey) => {
    renderWidget({ siteKey, autoStart: true });
    await advance(0);
    expect(status()).toBe('Website problem: sitekey not set');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('becomes ready once the site key arrives', async () => {
    const { rerenderWith } = renderWidget({ siteKey: undefined });
    expect(status()).toBe('Website problem: sitekey not set');
    rerenderWith({ siteKey: 'newsletter' });
    await advance(0);
    expect(status()).toBe('Tick the box to start the anti-robot verification.');
  });

  it('retries the puzzle fetch after 1 s and 4 s, then reports the endpoint', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWidget();
    fireEvent.click(checkbox());
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await advance(3999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(status()).toBe('Loading the anti-robot puzzle…');
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await advance(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(status()).toBe('Failed to connect to /captcha/puzzle');

    // Trying again starts a fresh round.
    fetchMock.mockImplementation(async () => json(makePuzzle()));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(status()).toBe('Verified. You are not a robot.');
  });

  it('retries a server error and succeeds', async () => {
    fetchMock.mockResolvedValueOnce(json({}, 503)).mockResolvedValueOnce(json(makePuzzle()));
    renderWidget({ autoStart: true });
    await advance(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(status()).toBe('Verified. You are not a robot.');
  });

  it('shows endpoint_not_enabled from the provider', async () => {
    fetchMock.mockImplementation(async () => json({ error: { code: 'endpoint_not_enabled' } }, 403));
    renderWidget({ autoStart: true });
    await advance(0);
    expect(status()).toBe('endpoint_not_enabled');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the provider's own message when it refuses the site key", async () => {
    fetchMock.mockResolvedValue(
      json(
        { error: { code: 'captcha.unknownSiteKey', messagesByLanguage: { 'en-US': 'Unknown site key.', 'de-CH': 'Unbekannter Site-Key.' } } },
        400,
      ),
    );
    renderWidget({ autoStart: true, language: 'de-CH' });
    await advance(0);
    expect(status()).toBe('Unbekannter Site-Key.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports a malformed puzzle or an unsolvable one as a failed verification', async () => {
    fetchMock.mockImplementation(async () => json({ algorithm: 'SHA-1' }));
    renderWidget({ autoStart: true });
    await advance(0);
    expect(status()).toBe('Verification failed');

    cleanup();
    fetchMock.mockImplementation(async () => json(makePuzzle()));
    renderWidget({ autoStart: true, solver: async () => null });
    await advance(0);
    expect(status()).toBe('Verification failed');
  });

  it('reports a worker failure', async () => {
    fetchMock.mockImplementation(async () => json(makePuzzle()));
    renderWidget({ autoStart: true, solver: () => Promise.reject(new CaptchaWorkerError('boom')) });
    await advance(0);
    expect(status()).toBe('Background worker error');
  });

  it('expires 30 s before the expiry in the salt and offers a restart', async () => {
    fetchMock.mockImplementation(async () => json(makePuzzle(600)));
    renderWidget({ autoStart: true });
    await advance(0);
    expect(status()).toBe('Verified. You are not a robot.');

    await advance(570_000 - 1);
    expect(status()).toBe('Verified. You are not a robot.');
    expect(onReset).not.toHaveBeenCalled();

    await advance(1);
    expect(status()).toBe('Anti-Robot verification expired');
    expect(onReset).toHaveBeenCalledOnce();
    expect(hiddenSolution()).toBe('');
    expect(checkbox().checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Restart verification' }));
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(status()).toBe('Verified. You are not a robot.');
  });

  it('goes back to ready and calls onReset when resetSignal changes', async () => {
    fetchMock.mockImplementation(async () => json(makePuzzle()));
    const { rerenderWith } = renderWidget({ resetSignal: 0 });
    fireEvent.click(checkbox());
    await advance(0);
    expect(hiddenSolution()).not.toBe('');

    rerenderWith({ resetSignal: 0 });
    expect(onReset).not.toHaveBeenCalled();

    rerenderWith({ resetSignal: 1 });
    await advance(0);
    expect(status()).toBe('Tick the box to start the anti-robot verification.');
    expect(onReset).toHaveBeenCalledOnce();
    expect(hiddenSolution()).toBe('');
    expect(checkbox().checked).toBe(false);
  });

  it('ignores unticking a solved box', async () => {
    fetchMock.mockImplementation(async () => json(makePuzzle()));
    renderWidget({ autoStart: true });
    await advance(0);
    fireEvent.click(checkbox());
    await advance(0);
    expect(checkbox().checked).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
