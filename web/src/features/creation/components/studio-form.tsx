// The studio's left column: the description, the engine note (what really makes the song), the
// audio/persona toggle, lyrics with Auto lyrics, genre, mood and style chips, the advanced
// options, the price and Create. The form's state lives in the panel; this only shows it.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { SelectButton } from 'primereact/selectbutton';
import { Slider } from 'primereact/slider';
import { useId, useState, type FormEvent } from 'react';
import {
  DURATION_RANGE,
  GENRES,
  INSTRUMENTS,
  KEYS,
  LYRICS_MAX_LENGTH,
  MAX_INSTRUMENTS,
  MAX_SELECTED_STYLES,
  MOODS,
  PROMPT_MAX_LENGTH,
  STYLES,
  TEMPO_RANGE,
  VOCAL_STYLES,
  VOICE_TYPES,
  type Instrument,
} from '../../../../../domain/creation/options';
import { formatDuration } from '../../../lib/format';
import { formatPrice } from '../../../lib/tokens/labels';
import { canCreate, canWriteLyrics, CHIPS_SHOWN, STYLE_CHIPS_SHOWN, toggleStyle, type StudioForm as Form } from '../studio-form';
import { ChipGroup } from './chip-group';

export const ENGINE_NOTE =
  'Songs are made on this server by an algorithmic composer (harmony, melody, bass, drums and lyrics written by rules from your description and a seed) and rendered through a General MIDI synthesizer with the MuseScore General SoundFont. It is not a neural model. Words are sung only where this server has a singing voice; each song says what it could not do.';

const MODES = [
  { label: 'Audio', value: 'audio', icon: 'pi pi-volume-up' },
  { label: 'Persona', value: 'persona', icon: 'pi pi-user' },
];

const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

interface StudioFormProps {
  form: Form;
  onChange(form: Form): void;
  /** A song or lyrics request is on its way: Create and Auto lyrics wait. */
  generating: boolean;
  lyricsPending: boolean;
  /** Tokens a song costs, or null until the price list answers. */
  price: number | null;
  onCreate(): void;
  onAutoLyrics(): void;
  /** Opens with the advanced options shown (tests). */
  initiallyAdvanced?: boolean;
}

export function StudioForm({ form, onChange, generating, lyricsPending, price, onCreate, onAutoLyrics, initiallyAdvanced = false }: StudioFormProps) {
  const ids = useId();
  const [advanced, setAdvanced] = useState(initiallyAdvanced);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => onChange({ ...form, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canCreate(form, generating)) onCreate();
  };

  return (
    <form className="studio-form" aria-label="Create a song" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${ids}-prompt`}>Description</label>
        <InputTextarea
          id={`${ids}-prompt`}
          value={form.prompt}
          rows={4}
          maxLength={PROMPT_MAX_LENGTH}
          placeholder="A hopeful synth-pop song about rainy Tokyo nights"
          onChange={(event) => set('prompt', event.target.value)}
        />
      </div>

      <p className="studio-form__engine-note small" role="note">
        <i className="pi pi-info-circle" aria-hidden="true" /> {ENGINE_NOTE}
      </p>

      <div className="field">
        <span className="field__label" id={`${ids}-mode`}>
          Audio or persona
        </span>
        <SelectButton
          value={form.includeVocals ? 'persona' : 'audio'}
          options={MODES}
          allowEmpty={false}
          aria-labelledby={`${ids}-mode`}
          onChange={(event) => set('includeVocals', event.value === 'persona')}
        />
        <span className="muted small">
          {form.includeVocals
            ? `Written for a singer: ${form.voiceType}, ${form.vocalStyle} style (Advanced options).`
            : 'Instrumental: no voice, the melody is played.'}
        </span>
      </div>

      <div className="field">
        <div className="studio-form__label-row">
          <label htmlFor={`${ids}-lyrics`}>Lyrics</label>
          <Button
            type="button"
            label="Auto lyrics"
            icon="pi pi-pencil"
            size="small"
            text
            loading={lyricsPending}
            disabled={!canWriteLyrics(form, generating)}
            onClick={onAutoLyrics}
          />
        </div>
        <InputTextarea
          id={`${ids}-lyrics`}
          value={form.lyrics}
          rows={6}
          maxLength={LYRICS_MAX_LENGTH}
          placeholder={'[Verse 1]\nYour own words, or press Auto lyrics\n\n[Chorus]\n…'}
          onChange={(event) => set('lyrics', event.target.value)}
        />
        {!form.includeVocals && form.lyrics.trim() !== '' && <span className="muted small">An instrumental sings no words: choose Persona to have them sung.</span>}
      </div>

      <ChipGroup label="Genre" options={GENRES} selected={[form.genre]} shown={CHIPS_SHOWN} onToggle={(genre) => set('genre', genre)} />
      <ChipGroup label="Mood" options={MOODS} selected={[form.mood]} shown={CHIPS_SHOWN} onToggle={(mood) => set('mood', mood)} />
      <ChipGroup
        label="Styles"
        hint={`Up to ${MAX_SELECTED_STYLES}: ${form.styles.length} chosen`}
        options={STYLES}
        selected={form.styles}
        shown={STYLE_CHIPS_SHOWN}
        onToggle={(style) => set('styles', toggleStyle(form.styles, style))}
      />

      <Button
        type="button"
        label="Advanced options"
        icon={advanced ? 'pi pi-chevron-up' : 'pi pi-sliders-h'}
        text
        aria-expanded={advanced}
        aria-controls={`${ids}-advanced`}
        onClick={() => setAdvanced((open) => !open)}
      />
      {advanced && (
        <div className="studio-form__advanced" id={`${ids}-advanced`}>
          <div className="field">
            <label id={`${ids}-tempo`}>Tempo: {form.tempo} BPM</label>
            <Slider
              value={form.tempo}
              min={TEMPO_RANGE.min}
              max={TEMPO_RANGE.max}
              step={TEMPO_RANGE.step}
              aria-labelledby={`${ids}-tempo`}
              aria-valuenow={form.tempo}
              onChange={(event) => set('tempo', Array.isArray(event.value) ? (event.value[0] ?? form.tempo) : event.value)}
            />
          </div>
          <div className="field">
            <label id={`${ids}-duration`}>Duration: {formatDuration(form.duration)}</label>
            <Slider
              value={form.duration}
              min={DURATION_RANGE.min}
              max={DURATION_RANGE.max}
              step={DURATION_RANGE.step}
              aria-labelledby={`${ids}-duration`}
              aria-valuenow={form.duration}
              onChange={(event) => set('duration', Array.isArray(event.value) ? (event.value[0] ?? form.duration) : event.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-key`}>Key</label>
            <Dropdown inputId={`${ids}-key`} value={form.key} options={[...KEYS]} onChange={(event) => set('key', event.value as Form['key'])} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-instruments`}>Instruments</label>
            <MultiSelect
              inputId={`${ids}-instruments`}
              value={form.instruments}
              options={INSTRUMENTS.map((instrument) => ({ label: capitalized(instrument), value: instrument }))}
              selectionLimit={MAX_INSTRUMENTS}
              placeholder="The style's own band"
              display="chip"
              onChange={(event) => set('instruments', event.value as Instrument[])}
            />
          </div>
          <div className="checkbox-field">
            <Checkbox inputId={`${ids}-vocals`} checked={form.includeVocals} onChange={(event) => set('includeVocals', event.checked === true)} />
            <label htmlFor={`${ids}-vocals`}>Include vocals</label>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-voice`}>Voice type</label>
            <Dropdown
              inputId={`${ids}-voice`}
              value={form.voiceType}
              options={VOICE_TYPES.map((voice) => ({ label: capitalized(voice), value: voice }))}
              disabled={!form.includeVocals}
              onChange={(event) => set('voiceType', event.value as Form['voiceType'])}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-vocal-style`}>Vocal style</label>
            <Dropdown
              inputId={`${ids}-vocal-style`}
              value={form.vocalStyle}
              options={VOCAL_STYLES.map((style) => ({ label: style === 'r&b' ? 'R&B' : capitalized(style), value: style }))}
              disabled={!form.includeVocals}
              onChange={(event) => set('vocalStyle', event.value as Form['vocalStyle'])}
            />
          </div>
        </div>
      )}

      <div className="studio-form__create">
        {price !== null && (
          <p className="muted small" data-service="ai-music-generation">
            <i className="pi pi-wallet" aria-hidden="true" /> A song costs {formatPrice(price)} tokens, held while it is made and charged when it is done; lyrics are free.
          </p>
        )}
        <Button type="submit" label="Create" icon="pi pi-sparkles" loading={generating && !lyricsPending} disabled={!canCreate(form, generating)} />
      </div>
    </form>
  );
}
