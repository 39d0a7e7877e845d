// How each content type is named and drawn, and the square tinted icon of a type
// (app/styles.css .type-icon) that heads a vault card or a workflow card.
import type { ContentType } from '../../../../domain/constants';

export const CONTENT_TYPE_DISPLAY: Record<ContentType, { label: string; icon: string }> = {
  music: { label: 'Music', icon: 'pi-headphones' },
  video: { label: 'Video', icon: 'pi-video' },
  image: { label: 'Image', icon: 'pi-image' },
  text: { label: 'Text', icon: 'pi-file' },
};

export function ContentTypeIcon({ type, className }: { type: ContentType; className?: string }) {
  return (
    <div className={`type-icon${className ? ` ${className}` : ''} type-icon--${type}`} aria-hidden="true">
      <i className={`pi ${CONTENT_TYPE_DISPLAY[type].icon}`} />
    </div>
  );
}
