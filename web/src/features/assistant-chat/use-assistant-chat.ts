// The chat's conversation and what drives it. A file goes up through the Upload tab's route and the
// chat follows that track: every step the server records (the vault item, kept current by the
// websocket) is told once as it happens, and once intake is done the free copyright check runs so
// its verdict arrives too. Typed commands ask their price first and then call the same routes the
// tabs call; the server's refusals are shown as it words them. Everything else goes to the support
// agent.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROYALTY_SPLIT_DEFAULT } from '../../../../domain/constants';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { errorMessage } from '../../lib/api-client';
import { COPYRIGHT_CHECKS_KEY, SMART_CONTRACTS_KEY, TOKEN_BALANCE_KEY, USER_KEY, VAULT_KEY } from '../../lib/query-keys';
import { isInsufficientTokens } from '../../lib/tokens/insufficient-tokens';
import { createContractForTrack } from '../../lib/track/api/create-contract';
import { useVault } from '../../lib/track/api/get-vault';
import { registerCopyright } from '../../lib/track/api/register-copyright';
import { runCopyrightCheck } from '../../lib/track/api/run-copyright-check';
import { startMastering } from '../../lib/track/api/start-mastering';
import { uploadContent } from '../../lib/track/api/upload-content';
import { contractFailure, registrationToast } from '../../lib/track/outcome-toasts';
import { isIntakeFailed } from '../../lib/track/workflow-steps';
import { askAgent, talkToPerson, voteOnAnswer } from './api/support-agent';
import { audioFileRefusal, titleFromFileName } from './audio-file';
import type { ChatEntry } from './chat-entries';
import { COMMAND_TABS, findTrackByTitle, parseMessage, TAB_LABELS, type ChatTab, type TrackCommand } from './command-parser';
import { intakeDone, trackReport } from './track-report';

/** The track the chat works on ("it") and what of it has been told. */
interface Followed {
  trackId: string;
  reported: ReadonlySet<string>;
}

/**
 * The track once its intake has finished (null if intake failed), read from the vault query as the
 * websocket refreshes it; the chat's report has told the steps meanwhile.
 */
function intakeOutcome(queryClient: QueryClient, trackId: string): Promise<VaultItem | null> {
  return new Promise((resolve) => {
    const settled = (): boolean => {
      const item = queryClient.getQueryData<VaultItem[]>(VAULT_KEY)?.find((candidate) => candidate.id === trackId);
      if (!item) return false;
      if (isIntakeFailed(item)) resolve(null);
      else if (intakeDone(item)) resolve(item);
      else return false;
      return true;
    };
    if (settled()) return;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === VAULT_KEY[0] && settled()) unsubscribe();
    });
  });
}

let nextEntryId = 0;
const entryId = () => `chat-${(nextEntryId += 1)}`;

type Note = Omit<Extract<ChatEntry, { kind: 'note' }>, 'id' | 'from' | 'kind' | 'tab' | 'buyTokens'> & { tab?: ChatTab | null; buyTokens?: boolean };

function note({ text, tone, tab = null, buyTokens = false }: Note): ChatEntry {
  return { id: entryId(), from: 'agent', kind: 'note', text, tone, tab, buyTokens };
}

const INVALIDATED_BY: Record<TrackCommand['kind'], readonly (readonly string[])[]> = {
  master: [VAULT_KEY, TOKEN_BALANCE_KEY],
  check: [VAULT_KEY, COPYRIGHT_CHECKS_KEY],
  register: [VAULT_KEY, TOKEN_BALANCE_KEY],
  contract: [VAULT_KEY, SMART_CONTRACTS_KEY],
};

export function useAssistantChat({ onNavigate }: { onNavigate(tab: ChatTab): void }) {
  const queryClient = useQueryClient();
  const vault = useVault({ enabled: true });
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [followed, setFollowed] = useState<Followed | null>(null);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [thinking, setThinking] = useState(false);
  const [votingId, setVotingId] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);

  const add = (...added: ChatEntry[]) => setEntries((current) => [...current, ...added]);
  const patch = (id: string, change: (entry: ChatEntry) => ChatEntry) => setEntries((current) => current.map((entry) => (entry.id === id ? change(entry) : entry)));

  // What the server newly says of the followed track is told as soon as the vault shows it.
  const item = followed ? (vault.data?.find((candidate) => candidate.id === followed.trackId) ?? null) : null;
  const fresh = item && followed ? trackReport(item).filter((line) => !followed.reported.has(line.key)) : [];
  if (followed && fresh.length > 0) {
    setFollowed({ ...followed, reported: new Set([...followed.reported, ...fresh.map((line) => line.key)]) });
    add(...fresh.map((line) => note({ text: line.text, tone: line.tone, tab: line.key.endsWith(':verdict') && line.tone !== 'success' ? 'oracle' : null })));
  }

  const follow = (track: VaultItem | string) => {
    if (typeof track === 'string') setFollowed({ trackId: track, reported: new Set() });
    // A track named by title: what happened to it before is not told again, only what happens next.
    else if (followed?.trackId !== track.id) setFollowed({ trackId: track.id, reported: new Set(trackReport(track).map((line) => line.key)) });
  };

  const refresh = (kind: TrackCommand['kind']) => Promise.all(INVALIDATED_BY[kind].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  const refusal = (error: unknown, fallback: string, tab: ChatTab | null) =>
    note({ text: errorMessage(error, fallback), tone: 'error', tab, buyTokens: isInsufficientTokens(error) });

  async function run(command: TrackCommand, trackId: string, trackTitle: string): Promise<void> {
    const tab = COMMAND_TABS[command.kind];
    try {
      switch (command.kind) {
        case 'master':
          await startMastering(trackId, { style: command.style, loudness: command.loudness });
          add(note({ text: `Mastering “${trackTitle}” has started; its steps follow here.`, tone: 'info', tab }));
          break;
        case 'check':
          // Its stages and verdict (cleared, held, a conflict, a failure) are told by the track's report.
          await runCopyrightCheck(trackId);
          break;
        case 'register': {
          // A registration that went through is told by the track's report (its ledger status, and later changes of it).
          const answer = await registerCopyright(trackId);
          if (!answer.success) add(note({ text: registrationToast(answer).detail ?? 'The registration failed', tone: 'error', tab }));
          break;
        }
        case 'contract': {
          const answer = await createContractForTrack(trackId);
          add(note({ text: answer.message, tone: 'success', tab }));
          break;
        }
      }
    } catch (error) {
      if (command.kind === 'contract') {
        const failure = contractFailure(error);
        add(
          failure.kind === 'wallet_not_funded'
            ? note({ text: `XRP Funding Required: your XRPL account needs ${failure.xrpAmount} XRP (about $${failure.usdAmount}) to deploy this contract.`, tone: 'warn', tab })
            : note({ text: failure.toast.detail ?? 'The smart contract could not be created', tone: 'error', tab }),
        );
      } else add(refusal(error, `The ${command.kind === 'master' ? 'mastering' : command.kind === 'check' ? 'copyright check' : 'registration'} could not start`, tab));
    } finally {
      await refresh(command.kind);
    }
  }

  async function sendFile(file: File): Promise<void> {
    const refused = audioFileRefusal(file);
    if (refused) {
      add(note({ text: refused, tone: 'error' }));
      return;
    }
    add({ id: entryId(), from: 'user', text: `Attached ${file.name}` });
    setUploading(0);
    try {
      const answer = await uploadContent(
        { file, title: titleFromFileName(file.name), description: '', contentType: 'music', royaltySplit: ROYALTY_SPLIT_DEFAULT },
        setUploading,
      );
      add(note({ text: `Uploaded ${file.name}; its track workflow has started.`, tone: 'success' }));
      follow(answer.id);
      setUploading(null);
      await Promise.all([VAULT_KEY, USER_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      // Once intake is done, the free copyright check runs: its verdict is what the drop asked for.
      const probed = await intakeOutcome(queryClient, answer.id);
      if (probed) {
        add(note({ text: `Intake is done; running the copyright check on “${probed.title}” (it costs no tokens).`, tone: 'info' }));
        await run({ kind: 'check', track: { kind: 'current' } }, probed.id, probed.title);
      }
    } catch (error) {
      add(refusal(error, 'The upload failed', 'upload'));
    } finally {
      setUploading(null);
    }
  }

  /** The track a command means, or why there is none (null answer: the message is a question after all). */
  function trackFor(command: TrackCommand): VaultItem | string | null {
    const items = vault.data;
    if (!items) return 'Your vault is still loading; try again in a moment.';
    if (command.track.kind === 'current') {
      // "it": the track the chat works on, else the creator's newest upload (the vault lists newest first).
      const current = followed ? items.find((candidate) => candidate.id === followed.trackId) : items[0];
      return current ?? 'Which track? Drop an audio file here, or name one of your tracks, e.g. “check Harbour Lights”.';
    }
    return findTrackByTitle(items, command.track.title);
  }

  async function ask(question: string): Promise<void> {
    setThinking(true);
    try {
      const answer = await askAgent(question, conversationId);
      setConversationId(answer.conversationId);
      add({ id: entryId(), from: 'agent', kind: 'answer', answer: answer.answer, vote: null });
    } catch (error) {
      add(note({ text: `The support agent could not answer: ${errorMessage(error, 'no answer from the server')}. “Talk to a person” still reaches the team.`, tone: 'error' }));
    } finally {
      setThinking(false);
    }
  }

  async function send(message: string): Promise<void> {
    const command = parseMessage(message);
    if (command.kind === 'empty') return;
    add({ id: entryId(), from: 'user', text: message.trim() });
    switch (command.kind) {
      case 'refused':
        add(note({ text: command.reason, tone: 'error', tab: 'mastering' }));
        return;
      case 'navigate':
        add(note({ text: `Opening ${TAB_LABELS[command.tab]}.`, tone: 'info' }));
        onNavigate(command.tab);
        return;
      case 'ask':
        await ask(command.question);
        return;
      default: {
        const track = trackFor(command);
        if (track === null) {
          await ask(message.trim());
          return;
        }
        if (typeof track === 'string') {
          add(note({ text: track, tone: 'info' }));
          return;
        }
        follow(track);
        add({ id: entryId(), from: 'agent', kind: 'confirm', command, trackId: track.id, trackTitle: track.title, status: 'asking' });
      }
    }
  }

  async function confirm(id: string): Promise<void> {
    const entry = entries.find((candidate) => candidate.id === id);
    if (entry?.from !== 'agent' || entry.kind !== 'confirm' || entry.status !== 'asking') return;
    patch(id, (current) => ({ ...current, status: 'running' }) as ChatEntry);
    // The report follows the track the command runs on, even when a later message named another.
    const track = vault.data?.find((candidate) => candidate.id === entry.trackId);
    if (track) follow(track);
    await run(entry.command, entry.trackId, entry.trackTitle);
    patch(id, (current) => ({ ...current, status: 'done' }) as ChatEntry);
  }

  const cancel = (id: string) => patch(id, (current) => ({ ...current, status: 'cancelled' }) as ChatEntry);

  async function vote(id: string, helpful: boolean): Promise<void> {
    const entry = entries.find((candidate) => candidate.id === id);
    if (entry?.from !== 'agent' || entry.kind !== 'answer') return;
    setVotingId(id);
    try {
      const handoff = await voteOnAnswer(entry.answer.answerId, helpful);
      patch(id, (current) => ({ ...current, vote: helpful ? 'helpful' : 'unhelpful' }) as ChatEntry);
      if (handoff) add({ id: entryId(), from: 'agent', kind: 'answer', answer: handoff, vote: null });
    } catch (error) {
      add(note({ text: `Your vote was not recorded: ${errorMessage(error, 'no answer from the server')}`, tone: 'error' }));
    } finally {
      setVotingId(null);
    }
  }

  async function handOff(): Promise<void> {
    add({ id: entryId(), from: 'user', text: 'Talk to a person' });
    setThinking(true);
    try {
      add({ id: entryId(), from: 'agent', kind: 'answer', answer: await talkToPerson(conversationId), vote: null });
    } catch (error) {
      add(note({ text: `No ticket could be opened: ${errorMessage(error, 'no answer from the server')}`, tone: 'error' }));
    } finally {
      setThinking(false);
    }
  }

  const reset = () => {
    setEntries([]);
    setFollowed(null);
    setConversationId(null);
  };

  return { entries, thinking, votingId, uploading, send, sendFile, confirm, cancel, vote, handOff, reset };
}
