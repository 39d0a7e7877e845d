// The dashboard's assistant chat: a floating button opens a panel that can be
// minimised (the conversation is kept) or closed (the conversation ends). It takes audio by the
// paperclip and by drag-and-drop onto the panel, and drives the real product through
// useAssistantChat. "Talk to a person" is always in view. Escape closes the panel, keeping the
// conversation, unless a menu or dialog of the page is open (that layer takes the Escape).
import { useAtom } from 'jotai';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { assistantPanelOpenAtom } from '../../../lib/assistant-panel';
import { useCapability } from '../../../lib/capabilities';
import { usePricing } from '../../../lib/tokens/api/tokens';
import { CHAT_AUDIO_ACCEPT, CHAT_MAX_MB } from '../audio-file';
import type { ChatTab } from '../command-parser';
import { useAssistantChat } from '../use-assistant-chat';
import { ChatMessageList } from './chat-message-list';
import '../assistant-chat.css';

/** A pop-up menu, drop-down list or dialog of the page that is open: Escape is theirs then. */
const OPEN_LAYERS = '[role="menu"], .p-dialog-mask, .p-overlaypanel, .p-dropdown-panel, .p-multiselect-panel, .p-autocomplete-panel, .p-tieredmenu-overlay';

/** The width at and below which the panel is the whole screen (assistant-chat.css). */
const FULL_SCREEN_PANEL = '(max-width: 600px)';

function anotherLayerOpen(panel: HTMLElement | null): boolean {
  return [...document.querySelectorAll<HTMLElement>(OPEN_LAYERS)].some(
    (element) => !panel?.contains(element) && element.getClientRects().length > 0,
  );
}

export function AssistantChat({ onNavigate }: { onNavigate(tab: ChatTab): void }) {
  const [open, setOpen] = useAtom(assistantPanelOpenAtom);
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const chat = useAssistantChat({ onNavigate });
  const pricing = usePricing();
  const anchors = useCapability('contract-anchors');
  const meaning = useCapability('support-agent-semantic-search');
  const panelRef = useRef<HTMLElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const inputId = useId();
  const [seen, setSeen] = useState(0);
  if (open && seen !== chat.entries.length) setSeen(chat.entries.length);
  const unread = open ? 0 : chat.entries.length - seen;

  // Signed out (unmounted), there is no panel for the Task Completed dialog to wait for.
  useEffect(() => () => setOpen(false), [setOpen]);

  // The newest message is kept in view as messages arrive.
  const count = chat.entries.length;
  useEffect(() => {
    const body = bodyRef.current;
    if (body) body.scrollTop = body.scrollHeight;
  }, [open, count, chat.thinking, chat.uploading]);

  const hide = () => {
    setOpen(false);
    // The launcher is back in the page once the panel is gone.
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>('.assistant-chat-launcher')?.focus());
  };
  // Where the panel fills the screen (assistant-chat.css), it steps aside for the page a link opened.
  const followLink = () => {
    if (window.matchMedia(FULL_SCREEN_PANEL).matches) hide();
  };
  const close = () => {
    chat.reset();
    setText('');
    hide();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    const message = text;
    setText('');
    void chat.send(message);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || anotherLayerOpen(panelRef.current)) return;
    event.preventDefault();
    hide();
  };

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!panelRef.current?.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void chat.sendFile(file);
  };

  if (!open) {
    return (
      <Button
        className="assistant-chat-launcher"
        icon="pi pi-comments"
        rounded
        aria-label={unread > 0 ? `Open the GOOSE assistant, ${unread} new ${unread === 1 ? 'message' : 'messages'}` : 'Open the GOOSE assistant'}
        badge={unread > 0 ? String(unread) : undefined}
        onClick={() => setOpen(true)}
      />
    );
  }

  return (
    <section
      ref={panelRef}
      className={`assistant-chat${dragging ? ' assistant-chat--dragging' : ''}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <header className="assistant-chat__header">
        <h2 id={titleId}>
          <i className="pi pi-comments" aria-hidden="true" /> GOOSE assistant
        </h2>
        <div className="assistant-chat__window-buttons">
          <Button icon="pi pi-minus" text rounded size="small" aria-label="Minimise the assistant (keeps the conversation)" onClick={hide} />
          <Button icon="pi pi-times" text rounded size="small" aria-label="Close the assistant and end the conversation" onClick={close} />
        </div>
      </header>
      <div className="assistant-chat__person">
        <Button label="Talk to a person" icon="pi pi-user" size="small" outlined disabled={chat.thinking} onClick={() => void chat.handOff()} />
      </div>
      <div className="assistant-chat__body" ref={bodyRef}>
        {chat.entries.length === 0 && (
          <p className="assistant-chat__hint muted small">
            Drop an audio file here (MP3, MP4, WAV or FLAC, up to {CHAT_MAX_MB}MB) to upload and check it, or type “master it warm at -9”, “check it”, “register it”, “make a
            contract”, or any question.
          </p>
        )}
        {chat.entries.length === 0 && !meaning.loading && !meaning.available && <p className="assistant-chat__hint muted small">{meaning.reason}</p>}
        <ChatMessageList
          entries={chat.entries}
          thinking={chat.thinking}
          votingId={chat.votingId}
          pricing={pricing.data}
          anchors={anchors}
          onConfirm={(id) => void chat.confirm(id)}
          onCancel={chat.cancel}
          onVote={(id, helpful) => void chat.vote(id, helpful)}
          onNavigate={onNavigate}
          onFollowLink={followLink}
        />
        {chat.uploading !== null && (
          <p className="small muted" role="status">
            Uploading… {chat.uploading}%
          </p>
        )}
      </div>
      {dragging && (
        <div className="assistant-chat__drop" aria-hidden="true">
          <i className="pi pi-upload" /> Drop the audio file to upload it
        </div>
      )}
      <form className="assistant-chat__composer" onSubmit={submit}>
        <input
          ref={fileRef}
          type="file"
          accept={CHAT_AUDIO_ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void chat.sendFile(file);
          }}
        />
        <Button type="button" icon="pi pi-paperclip" text rounded aria-label="Attach an audio file" disabled={chat.uploading !== null} onClick={() => fileRef.current?.click()} />
        <label htmlFor={inputId} className="visually-hidden">
          Message
        </label>
        <InputText id={inputId} value={text} autoFocus autoComplete="off" placeholder="Type a command or a question" onChange={(event) => setText(event.target.value)} />
        <Button type="submit" icon="pi pi-send" rounded aria-label="Send" disabled={text.trim() === ''} />
      </form>
    </section>
  );
}
