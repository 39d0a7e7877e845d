// A vault card's (or a generated song's) audio player: play/pause, seek, mute and volume (default
// 0.7, step 0.1), and a waveform above it when asked for. One track plays at a time across the page: starting one pauses every other
// <audio>/<video> on the page, and another one starting pauses this one. At the end a track
// resets to the start. A stored file plays through a signed, expiring link (lib/media/use-media-link.ts).
import { useAtom } from 'jotai';
import { Button } from 'primereact/button';
import { Slider } from 'primereact/slider';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../ui/toast';
import { formatDuration } from '../../lib/format';
import { useMediaLink } from '../../lib/media/use-media-link';
import { playingItemIdAtom } from './atoms';
import { Waveform } from './waveform';

export const DEFAULT_VOLUME = 0.7;
const VOLUME_STEP = 0.1;

interface AudioPlayerProps {
  /** Unique on the page: the item id plus which of its files this player plays. */
  playerId: string;
  /** Names the player group, e.g. 'Master audio of First Light'. */
  label: string;
  title: string;
  src: string;
  /** The probed duration, shown before the browser has loaded the file's metadata. */
  knownDuration: number | null;
  /** Where to read the audio for a waveform drawn above the controls (a compressed copy is enough); none without it. */
  waveformSrc?: string;
}

export function AudioPlayer({ playerId, label, title, src, knownDuration, waveformSrc }: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const playable = useMediaLink(src);
  const toast = useToast();
  const [playingId, setPlayingId] = useAtom(playingItemIdAtom);
  const [position, setPosition] = useState(0);
  const [loadedDuration, setLoadedDuration] = useState<number | null>(null);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  const playing = playingId === playerId;
  const duration = loadedDuration ?? knownDuration ?? 0;

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!playing) {
      audio.pause();
      return;
    }
    audio.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setPlayingId((current) => (current === playerId ? null : current));
      toast.show({ severity: 'error', summary: 'Audio Playback Error', detail: `"${title}" could not be played.` });
    });
  }, [playing, playerId, title, setPlayingId, toast]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = volume;
    audio.muted = muted;
  }, [volume, muted]);

  // Leaving the page (or the tab) stops this track rather than leaving it marked as playing.
  useEffect(() => () => setPlayingId((current) => (current === playerId ? null : current)), [playerId, setPlayingId]);

  // Any other media starting anywhere on the page (another feature's player too) stops this one.
  // 'play' does not bubble, hence the capture listener.
  useEffect(() => {
    const onAnyPlay = (event: Event) => {
      if (event.target === audioRef.current || !(event.target instanceof HTMLMediaElement)) return;
      setPlayingId((current) => (current === playerId ? null : current));
    };
    document.addEventListener('play', onAnyPlay, true);
    return () => document.removeEventListener('play', onAnyPlay, true);
  }, [playerId, setPlayingId]);

  const seek = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setPosition(seconds);
  };

  const controls = (
    <div className="audio-player" role="group" aria-label={label}>
      <audio
        ref={audioRef}
        src={playable}
        preload="metadata"
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds)) setLoadedDuration(seconds);
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onPlay={(event) => {
          const self = event.currentTarget;
          for (const media of document.querySelectorAll<HTMLMediaElement>('audio, video')) {
            if (media !== self && !media.paused) media.pause();
          }
          setPlayingId(playerId);
        }}
        onPause={() => setPlayingId((current) => (current === playerId ? null : current))}
        onEnded={(event) => {
          event.currentTarget.currentTime = 0;
          setPosition(0);
          setPlayingId((current) => (current === playerId ? null : current));
        }}
        onError={() => {
          setPlayingId((current) => (current === playerId ? null : current));
          toast.show({ severity: 'error', summary: 'Audio Load Error', detail: `"${title}" could not be loaded; the file may be corrupted or missing.` });
        }}
      />
      <Button
        icon={`pi ${playing ? 'pi-pause' : 'pi-play'}`}
        rounded
        aria-label={playing ? 'Pause' : 'Play'}
        onClick={() => setPlayingId(playing ? null : playerId)}
      />
      <span className="audio-player__time" aria-hidden="true">
        {formatDuration(position)}
      </span>
      <Slider
        className="audio-player__seek"
        value={Math.min(position, duration)}
        min={0}
        max={Math.max(duration, 0.1)}
        step={0.1}
        disabled={duration <= 0}
        aria-label="Seek"
        // PrimeReact reports the handle's position in percent; the value is in seconds.
        aria-valuenow={Math.min(position, duration)}
        aria-valuetext={`${formatDuration(position)} of ${formatDuration(duration)}`}
        onChange={(event) => seek(Array.isArray(event.value) ? (event.value[0] ?? 0) : event.value)}
      />
      <span className="audio-player__time" aria-hidden="true">
        {formatDuration(duration)}
      </span>
      <Button
        icon={`pi ${muted || volume === 0 ? 'pi-volume-off' : volume < 0.5 ? 'pi-volume-down' : 'pi-volume-up'}`}
        rounded
        text
        aria-label={muted ? 'Unmute' : 'Mute'}
        onClick={() => setMuted((current) => !current)}
      />
      <Slider
        className="audio-player__volume"
        value={muted ? 0 : volume}
        min={0}
        max={1}
        step={VOLUME_STEP}
        aria-label="Volume"
        aria-valuenow={muted ? 0 : volume}
        aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
        onChange={(event) => {
          const next = Array.isArray(event.value) ? (event.value[0] ?? DEFAULT_VOLUME) : event.value;
          setVolume(Math.round(next * 10) / 10);
          setMuted(false);
        }}
      />
    </div>
  );
  if (!waveformSrc) return controls;
  return (
    <div className="audio-player-with-waveform">
      <Waveform url={waveformSrc} title={title} position={position} duration={duration} seek={seek} />
      {controls}
    </div>
  );
}
