// The new key's reveal on a fake clock: shown in full for exactly 30 s, then forgotten with the
// "shown once" note on its row; Copy writes the whole key and says "Copied" for 2 s; nothing can be
// copied once the reveal expired; a second key restarts the clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEW_KEY_VISIBLE_MS } from '../../../../domain/developer/api-tiers';
import { COPIED_INDICATOR_MS } from './labels';
import { createRevealController, NOTHING_REVEALED, type RevealState } from './new-key-reveal';

const first = { id: 'k1', keyName: 'First', keyValue: 'gk_k1_secret-one' };
const second = { id: 'k2', keyName: 'Second', keyValue: 'gk_k2_secret-two' };

let state: RevealState;
const controller = () => createRevealController((next) => (state = next));

beforeEach(() => {
  vi.useFakeTimers();
  state = NOTHING_REVEALED;
});
afterEach(() => vi.useRealTimers());

describe('new key reveal', () => {
  it('shows the whole key for 30 s, then only says it was shown once', () => {
    const reveal = controller();
    reveal.show(first);
    expect(state.revealed?.keyValue).toBe('gk_k1_secret-one');
    vi.advanceTimersByTime(NEW_KEY_VISIBLE_MS - 1);
    expect(state.revealed).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(state).toEqual({ revealed: null, shownOnceId: 'k1', copied: false });
    expect(NEW_KEY_VISIBLE_MS).toBe(30_000);
  });

  it('copies the whole key and says Copied for 2 s', async () => {
    const reveal = controller();
    const writeText = vi.fn(() => Promise.resolve());
    reveal.show(first);
    expect(await reveal.copy({ writeText })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('gk_k1_secret-one');
    expect(state.copied).toBe(true);
    vi.advanceTimersByTime(COPIED_INDICATOR_MS - 1);
    expect(state.copied).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state.copied).toBe(false);
    expect(state.revealed?.id).toBe('k1');
  });

  it('copies nothing after the reveal expired, nor when the clipboard refuses', async () => {
    const reveal = controller();
    const writeText = vi.fn(() => Promise.resolve());
    reveal.show(first);
    expect(await reveal.copy({ writeText: () => Promise.reject(new Error('denied')) })).toBe(false);
    expect(await reveal.copy(undefined)).toBe(false);
    vi.advanceTimersByTime(NEW_KEY_VISIBLE_MS);
    expect(await reveal.copy({ writeText })).toBe(false);
    expect(writeText).not.toHaveBeenCalled();
    expect(state.copied).toBe(false);
  });

  it('restarts the 30 s for a second key and forgets the first', () => {
    const reveal = controller();
    reveal.show(first);
    vi.advanceTimersByTime(20_000);
    reveal.show(second);
    vi.advanceTimersByTime(20_000);
    expect(state.revealed?.id).toBe('k2');
    vi.advanceTimersByTime(10_000);
    expect(state).toEqual({ revealed: null, shownOnceId: 'k2', copied: false });
  });

  it('stops its clock when the tab goes away', () => {
    const reveal = controller();
    reveal.show(first);
    reveal.dispose();
    vi.advanceTimersByTime(NEW_KEY_VISIBLE_MS);
    expect(state.revealed?.id).toBe('k1');
  });
});
