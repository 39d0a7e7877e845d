// The chat's grammar: the four commands with their track, the engine's styles and targets (and
// refusals of what it lacks), tab moves, and everything else for the support agent.
import { describe, expect, it } from 'vitest';
import { MASTER_DEFAULTS } from '../../../../domain/constants';
import { findTrackByTitle, parseMessage } from './command-parser';

describe('parseMessage', () => {
  it('reads "master it warm at -9" as a warm master at the medium target', () => {
    expect(parseMessage('master it warm at -9')).toEqual({ kind: 'master', track: { kind: 'current' }, style: 'warm', loudness: 'medium' });
    expect(parseMessage('Master it open at −14 LUFS.')).toEqual({ kind: 'master', track: { kind: 'current' }, style: 'open', loudness: 'low' });
    expect(parseMessage('master it at -6')).toEqual({ kind: 'master', track: { kind: 'current' }, style: MASTER_DEFAULTS.style, loudness: 'high' });
    expect(parseMessage('master it')).toEqual({ kind: 'master', track: { kind: 'current' }, ...{ style: MASTER_DEFAULTS.style, loudness: MASTER_DEFAULTS.loudness } });
  });

  it('takes a named track, quoted titles whole (a number in them is no target)', () => {
    expect(parseMessage('master Harbour Lights warm at -9')).toEqual({ kind: 'master', track: { kind: 'named', title: 'Harbour Lights' }, style: 'warm', loudness: 'medium' });
    expect(parseMessage('master "Track 2" balanced')).toEqual({ kind: 'master', track: { kind: 'named', title: 'Track 2' }, style: 'balanced', loudness: MASTER_DEFAULTS.loudness });
    expect(parseMessage('check Harbour Lights')).toEqual({ kind: 'check', track: { kind: 'named', title: 'Harbour Lights' } });
  });

  it('refuses a target or a style the engine does not offer, naming what it offers', () => {
    const target = parseMessage('master it warm at -12');
    expect(target).toEqual({ kind: 'refused', reason: 'The mastering engine does not master to −12 LUFS. It offers −14 LUFS (low), −9 LUFS (medium), −6 LUFS (high).' });
    expect(parseMessage('master it bright at -9')).toEqual({ kind: 'refused', reason: 'The mastering engine has no “bright” style. It offers warm, balanced, open.' });
  });

  it('reads check, register and make a contract on the current track', () => {
    expect(parseMessage('check it')).toEqual({ kind: 'check', track: { kind: 'current' } });
    expect(parseMessage('run the copyright check')).toEqual({ kind: 'check', track: { kind: 'current' } });
    expect(parseMessage('register it')).toEqual({ kind: 'register', track: { kind: 'current' } });
    expect(parseMessage('make a contract')).toEqual({ kind: 'contract', track: { kind: 'current' } });
    expect(parseMessage('create a royalty contract for "Harbour Lights"')).toEqual({ kind: 'contract', track: { kind: 'named', title: 'Harbour Lights' } });
  });

  it('moves to the tabs the assistant leads to', () => {
    expect(parseMessage('go to mastering')).toEqual({ kind: 'navigate', tab: 'mastering' });
    expect(parseMessage('open the copyright oracle')).toEqual({ kind: 'navigate', tab: 'oracle' });
    expect(parseMessage('show me smart contracts')).toEqual({ kind: 'navigate', tab: 'smart-contracts' });
    expect(parseMessage('take me to upload')).toEqual({ kind: 'navigate', tab: 'upload' });
    expect(parseMessage('distribute it')).toEqual({ kind: 'navigate', tab: 'distributions' });
  });

  it('sends questions and everything else to the agent, and ignores an empty message', () => {
    expect(parseMessage('how do I register it?')).toEqual({ kind: 'ask', question: 'how do I register it?' });
    expect(parseMessage('I want a refund')).toEqual({ kind: 'ask', question: 'I want a refund' });
    expect(parseMessage('checkout is broken')).toEqual({ kind: 'ask', question: 'checkout is broken' });
    expect(parseMessage('   ')).toEqual({ kind: 'empty' });
  });
});

describe('findTrackByTitle', () => {
  const tracks = [{ title: 'Harbour Lights' }, { title: 'Harbour Lights (live)' }, { title: 'Night Drive' }];
  it('prefers an exact title, else the one title containing the words', () => {
    expect(findTrackByTitle(tracks, 'harbour lights')).toBe(tracks[0]);
    expect(findTrackByTitle(tracks, 'night')).toBe(tracks[2]);
    expect(findTrackByTitle(tracks, 'harbour')).toBeNull();
    expect(findTrackByTitle(tracks, 'unknown')).toBeNull();
  });
});
