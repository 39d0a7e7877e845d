// A group of option chips (genre, mood, styles): pressed chips are the chosen ones; past the first
// `shown`, a "more" button reveals the rest.
import { Button } from 'primereact/button';
import { useId, useState } from 'react';
import { visibleChips } from '../studio-form';

interface ChipGroupProps<T extends string> {
  label: string;
  options: readonly T[];
  selected: readonly T[];
  shown: number;
  onToggle(option: T): void;
  /** Said under the label (e.g. "Up to 3"). */
  hint?: string;
  disabled?: boolean;
}

export function ChipGroup<T extends string>({ label, options, selected, shown, onToggle, hint, disabled = false }: ChipGroupProps<T>) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const visible = visibleChips(options, shown, expanded, selected);
  const hidden = options.length - visible.length;

  return (
    <div className="chip-group" role="group" aria-labelledby={id}>
      <div className="chip-group__label">
        <span id={id} className="field__label">
          {label}
        </span>
        {hint && <span className="muted small">{hint}</span>}
      </div>
      <div className="chip-group__chips">
        {visible.map((option) => {
          const pressed = selected.includes(option);
          return (
            <button
              key={option}
              type="button"
              className={pressed ? 'studio-chip studio-chip--selected' : 'studio-chip'}
              aria-pressed={pressed}
              disabled={disabled}
              onClick={() => onToggle(option)}
            >
              {option}
            </button>
          );
        })}
        {(hidden > 0 || expanded) && options.length > shown && (
          <Button type="button" text size="small" label={expanded ? 'less' : `more (${hidden})`} aria-expanded={expanded} onClick={() => setExpanded((open) => !open)} />
        )}
      </div>
    </div>
  );
}
