// An audio waveform above its player: the bars played so far are lit, and clicking (or the arrow
// keys on it) seeks there. While the bars are being drawn, or where they cannot be, the player's
// own seek bar is still there.
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { formatDuration } from '../../lib/format';
import './waveform.css';
import { useWaveformPeaks } from '../../lib/media/waveform-peaks';

const KEY_STEP_SECONDS = 5;

interface WaveformProps {
  url: string;
  title: string;
  position: number;
  duration: number;
  seek(seconds: number): void;
}

export function Waveform({ url, title, position, duration, seek }: WaveformProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  // The audio is fetched and decoded once the waveform is on screen, not for every card of a long list.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const box = boxRef.current;
    if (!box || seen) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [seen]);
  const peaks = useWaveformPeaks(seen ? url : null);
  const bars = peaks.data ?? [];
  const played = duration > 0 ? position / duration : 0;

  const seekAt = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0 && duration > 0) seek(Math.min(duration, Math.max(0, ((event.clientX - box.left) / box.width) * duration)));
  };
  const seekByKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') seek(Math.min(duration, position + KEY_STEP_SECONDS));
    else if (event.key === 'ArrowLeft') seek(Math.max(0, position - KEY_STEP_SECONDS));
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={boxRef}
      className="song-waveform"
      role="slider"
      tabIndex={0}
      aria-label={`Waveform of ${title}`}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(position)}
      aria-valuetext={`${formatDuration(position)} of ${formatDuration(duration)}`}
      aria-busy={peaks.isPending && peaks.fetchStatus === 'fetching'}
      data-bars={bars.length}
      onClick={seekAt}
      onKeyDown={seekByKey}
    >
      {bars.map((peak, index) => (
        <span
          key={index}
          className={index / bars.length < played ? 'song-waveform__bar song-waveform__bar--played' : 'song-waveform__bar'}
          style={{ height: `${Math.max(4, Math.round(peak * 100))}%` }}
        />
      ))}
    </div>
  );
}
