// A registered work's 30-second preview for anyone who is not its owner (the registry, the
// marketplace, the proof explorer): a player on the signed link the API hands out and a line saying
// what it is. A work without audio shows nothing; a failure says so in plain words.
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useWorkPreview } from '../../lib/media/use-work-preview';
import { AudioPlayer } from './audio-player';

export function WorkPreview({ workId, title }: { workId: string; title: string }) {
  const preview = useWorkPreview(workId);
  if (preview.isPending) return <Skeleton height="2.5rem" aria-label="Loading the preview" />;
  if (preview.isError) {
    if (preview.error instanceof ApiError && preview.error.status === 404) return null;
    return <Message severity="warn" text={`The preview could not be loaded: ${errorMessage(preview.error, 'unknown error')}`} />;
  }
  return (
    <section aria-label={`Preview of ${title}`} className="work-preview">
      <AudioPlayer playerId={`work-preview:${workId}`} label={`${preview.data.seconds}-second preview of ${title}`} title={`${title} (preview)`} src={preview.data.url} knownDuration={null} />
      <p className="muted small">{preview.data.note}</p>
    </section>
  );
}
