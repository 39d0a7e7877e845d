// A grid of points, each an icon with a title and a line of text: the studio's hero blurbs and
// its professional-features card.
export interface FeaturePoint {
  icon: string;
  title: string;
  text: string;
}

export function FeatureList({ points, className }: { points: readonly FeaturePoint[]; className: string }) {
  return (
    <ul className={`grid-list ${className}`}>
      {points.map((point) => (
        <li key={point.title}>
          <i className={`pi ${point.icon}`} aria-hidden="true" />
          <div>
            <strong>{point.title}</strong>
            <p className="muted small">{point.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
