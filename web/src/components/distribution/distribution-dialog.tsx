// The Distribution dialog of one music item: the release's names, genres,
// label, recording place, dates, parental advisory, the creator's royalty split and the stores
// the server's delivery partner serves, with the fee ($14.99 per year per release, charged in
// tokens at the server's price) and who is paid the release's store earnings (the track's royalty
// contract, split by its template). Without a delivery partner
// (the sandbox) it says before submitting that no store will receive the release and nothing is
// charged. Content without a registry transaction gets the
// 'Copyright Registration Required' notice instead of the form. The creator may upload a cover
// (checked by the server: square JPEG/PNG of at least 3000×3000) or keep the generated one, credits
// songwriters and performers, and is told how far ahead stores ask the release date to be.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { COVER_MAX_BYTES, COVER_MIN_SIDE, CREDIT_ROLE_LABELS, CREDIT_ROLES, RELEASE_MIN_LEAD_DAYS, RELEASE_RECOMMENDED_LEAD_WEEKS, type CoverArtUpload, type CreditRole } from '../../../../domain/contracts/distribution';
import { DISTRIBUTION_FEE_USD_PER_YEAR } from '../../../../domain/distribution/catalogue';
import { useToast } from '../ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useChangeTab } from '../../lib/dashboard-tabs';
import { useCurrentUser } from '../../lib/auth';
import { usePricing } from '../../lib/tokens/api/tokens';
import { reportInsufficientTokens } from '../../lib/tokens/insufficient-tokens';
import { formatPrice, priceOf } from '../../lib/tokens/labels';
import { uploadCoverArt, useDelivery, useDistribute, useGenres, useStores } from '../../lib/distribution/api/distribution';
import { releaseEarningsText, ROYALTY_SPLIT_NOTE } from '../../lib/distribution/labels';
import { checkRelease, defaultReleaseForm, leadTimeProblem, RELEASE_DATE_IN_PAST, ROYALTY_SPLIT_MAX, ROYALTY_SPLIT_MIN, type ReleaseForm } from '../../lib/distribution/release-form';
import './distribution-dialog.css';

export interface DistributableTrack {
  id: string;
  title: string;
  xrplTxHash: string | null;
}

interface DistributionDialogProps {
  track: DistributableTrack;
  visible: boolean;
  onHide(): void;
}

export function DistributionDialog({ track, visible, onHide }: DistributionDialogProps) {
  return (
    <Dialog header={`Distribute "${track.title}"`} visible={visible} onHide={onHide} className="distribution-dialog" draggable={false} modal>
      <DistributionDialogBody track={track} onDone={onHide} />
    </Dialog>
  );
}

/** The form, or the registration notice for content without a registry transaction hash. */
export function DistributionDialogBody({ track, onDone }: { track: DistributableTrack; onDone(): void }) {
  return track.xrplTxHash ? <ReleaseFormBody track={track} onDone={onDone} /> : <RegistrationRequired onClose={onDone} />;
}

function RegistrationRequired({ onClose }: { onClose(): void }) {
  const changeTab = useChangeTab();
  return (
    <div className="distribution-required" role="status">
      <i className="pi pi-shield distribution-required__icon" aria-hidden="true" />
      <h3>Copyright Registration Required</h3>
      <p className="muted">
        This content must be copyright registered on the blockchain before it can be distributed. Run the copyright check and register it on
        the XRP Ledger first; the release then carries its registration.
      </p>
      <div className="button-row button-row--center">
        <Button
          label="Go to the Copyright Oracle"
          icon="pi pi-shield"
          onClick={() => {
            onClose();
            changeTab('oracle');
          }}
        />
        <Button label="Close" outlined onClick={onClose} />
      </div>
    </div>
  );
}

/** Mounted each time the dialog opens, so the form starts from its defaults. */
function ReleaseFormBody({ track, onDone }: { track: DistributableTrack; onDone(): void }) {
  const toast = useToast();
  const { user } = useCurrentUser();
  const [form, setForm] = useState<ReleaseForm>(() => defaultReleaseForm(track, user, new Date()));
  const stores = useStores({ enabled: true });
  const delivery = useDelivery({ enabled: true });
  const genres = useGenres({ enabled: true });
  const pricing = usePricing();
  const distribute = useDistribute();
  const tokenPrice = priceOf(pricing.data, 'distribution-setup');
  const ids = useId();
  const field = (name: string) => `${ids}-${name}`;
  const set = <K extends keyof ReleaseForm>(key: K, value: ReleaseForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  const genreOptions = (genres.data ?? []).map((genre) => ({ label: genre, value: genre }));
  const served = delivery.data?.storeIds;
  const storeList = (stores.data ?? []).filter((store) => !served || served.includes(store.id));
  const sandbox = delivery.data?.mode === 'sandbox';
  const allSelected = storeList.length > 0 && storeList.every((store) => form.selectedStores.includes(store.id));

  const toggleStore = (storeId: string, checked: boolean) =>
    set('selectedStores', checked ? [...form.selectedStores, storeId] : form.selectedStores.filter((id) => id !== storeId));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkRelease(track.id, form);
    if (!check.ok) {
      toast.show({ severity: 'error', summary: check.summary, detail: check.detail });
      return;
    }
    distribute.mutate(check.request, {
      onSuccess: (answer) => {
        toast.show({ severity: 'success', summary: 'Distribution Submitted Successfully', detail: answer.message });
        onDone();
      },
      onError: (error) => {
        if (reportInsufficientTokens(error, 'Distribution Failed', toast)) return;
        toast.show({ severity: 'error', summary: 'Distribution Failed', detail: errorMessage(error, 'Failed to submit distribution') });
      },
    });
  };

  const [coverBusy, setCoverBusy] = useState(false);
  const busy = distribute.isPending || coverBusy;
  const leadTime = leadTimeProblem(form.releaseDate, new Date());

  return (
    <form className="release-form" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="release-form__terms inset-box">
        {delivery.isPending && <Skeleton height="3rem" />}
        {delivery.isError && <Message severity="error" text={errorMessage(delivery.error, 'How releases are delivered could not be loaded')} />}
        {sandbox && (
          <>
            <Message severity="warn" className="release-form__sandbox" text={delivery.data?.notice ?? 'Sandbox: no store will receive this release.'} />
            <p>
              <strong>Nothing is charged</strong> for a sandbox release: no store receives it.
            </p>
          </>
        )}
        {delivery.data?.mode === 'partner' && (
          <>
            <p>
              <strong>${DISTRIBUTION_FEE_USD_PER_YEAR.toFixed(2)} per year per release</strong>
              {tokenPrice !== null && <>, charged as {formatPrice(tokenPrice)} tokens from your balance once the release is delivered and again at each yearly renewal</>}.
            </p>
            <p className="muted small">{delivery.data.partnerName} delivers it to the stores you choose below.</p>
          </>
        )}
        <p>{releaseEarningsText(null)}</p>
        {stores.isSuccess && delivery.isSuccess && (
          <p className="muted small">
            {sandbox ? 'The sandbox simulates' : 'The distributor lists'} {storeList.length} {storeList.length === 1 ? 'store' : 'stores'} today; choose where this release goes below.
          </p>
        )}
      </div>

      <div className="release-form__grid">
        <TextField id={field('artist')} label="Artist name" value={form.artistName} disabled={busy} onChange={(value) => set('artistName', value)} />
        <TextField id={field('album')} label="Album name" value={form.albumName} disabled={busy} onChange={(value) => set('albumName', value)} />
        <TextField id={field('song')} label="Song name" value={form.songName} disabled={busy} onChange={(value) => set('songName', value)} />
        <TextField id={field('label')} label="Label name" value={form.labelName} disabled={busy} onChange={(value) => set('labelName', value)} />

        <div className="field">
          <label htmlFor={field('primary-genre')}>Primary genre</label>
          <Dropdown
            inputId={field('primary-genre')}
            value={form.primaryGenre}
            options={genreOptions}
            loading={genres.isPending}
            disabled={busy}
            filter
            placeholder="Choose a genre"
            onChange={(event) => set('primaryGenre', String(event.value))}
          />
        </div>
        <div className="field">
          <label htmlFor={field('secondary-genre')}>Secondary genre (optional)</label>
          <Dropdown
            inputId={field('secondary-genre')}
            value={form.secondaryGenre}
            options={genreOptions.filter((option) => option.value !== form.primaryGenre)}
            loading={genres.isPending}
            disabled={busy}
            filter
            showClear
            placeholder="None"
            onChange={(event) => set('secondaryGenre', typeof event.value === 'string' && event.value ? event.value : null)}
          />
        </div>

        <TextField
          id={field('location')}
          label="Recording location"
          value={form.recordingLocation}
          disabled={busy}
          placeholder="City, country (optional)"
          onChange={(value) => set('recordingLocation', value)}
        />
        <div className="field">
          <label htmlFor={field('split')}>Royalty split (%)</label>
          <InputNumber
            inputId={field('split')}
            value={form.royaltySplit}
            min={ROYALTY_SPLIT_MIN}
            max={ROYALTY_SPLIT_MAX}
            maxFractionDigits={0}
            showButtons
            disabled={busy}
            onValueChange={(event) => set('royaltySplit', event.value ?? null)}
          />
          <small className="muted">
            {ROYALTY_SPLIT_MIN}–{ROYALTY_SPLIT_MAX}%. {ROYALTY_SPLIT_NOTE}
          </small>
        </div>

        <DateField id={field('release-date')} label="Release date" value={form.releaseDate} disabled={busy} onChange={(value) => set('releaseDate', value)} />
        <DateField id={field('sale-date')} label="Sale date" value={form.saleDate} disabled={busy} onChange={(value) => set('saleDate', value)} />
        <div className="release-form__lead" id={field('lead-time')}>
          <p className="muted small">
            Stores ask for the release date to be at least {RELEASE_MIN_LEAD_DAYS} days ahead, and {RELEASE_RECOMMENDED_LEAD_WEEKS} weeks ahead if you
            want to pitch the song to their editorial playlists. This is the stores' guidance, not a promise that a store lists the release on that day.
          </p>
          {leadTime === 'past' && <Message severity="error" text={RELEASE_DATE_IN_PAST} />}
          {leadTime === 'short' && (
            <Message severity="warn" text={`This release date is less than ${RELEASE_MIN_LEAD_DAYS} days away: stores may list the release later than that day, and it is too late for editorial pitching.`} />
          )}
        </div>

        <div className="field release-form__switch">
          <InputSwitch inputId={field('advisory')} checked={form.parentalAdvisory} disabled={busy} onChange={(event) => set('parentalAdvisory', Boolean(event.value))} />
          <label htmlFor={field('advisory')}>Parental advisory (explicit content)</label>
        </div>
      </div>

      <CoverArtField
        id={field('cover')}
        disabled={busy}
        onBusy={setCoverBusy}
        onChange={(cover) => set('coverArtId', cover?.coverArtId ?? null)}
      />

      <CreditsField id={field('credits')} credits={form.credits} disabled={busy} onChange={(credits) => set('credits', credits)} />

      <fieldset className="release-form__stores" disabled={busy}>
        <legend>
          Stores{' '}
          <span className="muted small">
            ({form.selectedStores.length} of {storeList.length} selected)
          </span>
        </legend>
        {stores.isPending && <Skeleton height="6rem" aria-label="Loading the stores" />}
        {stores.isError && <Message severity="error" text={`The stores could not be loaded: ${errorMessage(stores.error, 'unknown error')}`} />}
        {storeList.length > 0 && (
          <>
            <Button
              type="button"
              label={allSelected ? 'Clear all' : 'Select all'}
              size="small"
              text
              onClick={() => set('selectedStores', allSelected ? [] : storeList.map((store) => store.id))}
            />
            <ul className="store-options">
              {storeList.map((store) => (
                <li key={store.id} className="store-option">
                  <Checkbox
                    inputId={field(`store-${store.id}`)}
                    checked={form.selectedStores.includes(store.id)}
                    onChange={(event) => toggleStore(store.id, Boolean(event.checked))}
                  />
                  <label htmlFor={field(`store-${store.id}`)}>
                    <span className="store-option__name">{store.name}</span>
                    <span className="muted small">{store.description}</span>
                  </label>
                </li>
              ))}
            </ul>
          </>
        )}
      </fieldset>

      <div className="button-row release-form__actions">
        <Button type="submit" label={sandbox ? 'Submit to the sandbox (no store)' : 'Submit for Distribution'} icon="pi pi-send" loading={busy} disabled={busy || !stores.isSuccess || !delivery.isSuccess} />
        <Button type="button" label="Cancel" outlined disabled={busy} onClick={onDone} />
      </div>
    </form>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  placeholder?: string;
  onChange(value: string): void;
}

function TextField({ id, label, value, disabled, placeholder, onChange }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <InputText id={id} value={value} maxLength={200} disabled={disabled} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function DateField({ id, label, value, disabled, onChange }: Omit<TextFieldProps, 'placeholder'>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <InputText id={id} type="date" value={value} required disabled={disabled} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** Upload a cover (checked by the server) with its preview, or keep the generated one. */
function CoverArtField({ id, disabled, onBusy, onChange }: { id: string; disabled: boolean; onBusy(busy: boolean): void; onChange(cover: CoverArtUpload | null): void }) {
  const [cover, setCover] = useState<{ upload: CoverArtUpload; preview: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  useEffect(() => () => {
    if (cover) URL.revokeObjectURL(cover.preview);
  }, [cover]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > COVER_MAX_BYTES) {
      setError(`The cover is too large: at most ${COVER_MAX_BYTES / 1024 / 1024} MB`);
      return;
    }
    setUploading(true);
    onBusy(true);
    try {
      const upload = await uploadCoverArt(file);
      setCover({ upload, preview: URL.createObjectURL(file) });
      onChange(upload);
    } catch (failure) {
      setError(errorMessage(failure, 'The cover could not be uploaded'));
    } finally {
      setUploading(false);
      onBusy(false);
    }
  };

  const useGenerated = () => {
    setCover(null);
    setError(null);
    onChange(null);
  };

  return (
    <fieldset className="release-form__cover">
      <legend>Cover art</legend>
      <div className="release-form__cover-row">
        {cover ? (
          <img className="release-form__cover-preview" src={cover.preview} alt="Cover art preview" />
        ) : (
          <div className="release-form__cover-preview release-form__cover-preview--generated" role="img" aria-label="Generated cover (a colour gradient)" />
        )}
        <div className="release-form__cover-text">
          <p className="small">
            {cover
              ? `Your cover: ${cover.upload.width}×${cover.upload.height} ${cover.upload.mimeType === 'image/png' ? 'PNG' : 'JPEG'}, checked.`
              : 'Without an upload the release gets a generated cover (a colour gradient, 3000×3000).'}
          </p>
          <p className="muted small">
            Stores ask for a square JPEG or PNG of at least {COVER_MIN_SIDE}×{COVER_MIN_SIDE} pixels (at most {COVER_MAX_BYTES / 1024 / 1024} MB).
          </p>
          <label htmlFor={id} className="p-button p-button-outlined p-button-sm release-form__cover-pick">
            {uploading ? 'Checking the cover…' : cover ? 'Choose another cover' : 'Upload cover art'}
          </label>
          <input
            id={id}
            className="visually-hidden-file"
            type="file"
            accept="image/png,image/jpeg"
            disabled={disabled}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {cover && <Button type="button" label="Use the generated cover" size="small" text disabled={disabled} onClick={useGenerated} />}
          {error && <Message severity="error" text={error} />}
        </div>
      </div>
    </fieldset>
  );
}

const ROLE_OPTIONS = CREDIT_ROLES.map((role) => ({ label: CREDIT_ROLE_LABELS[role], value: role }));

/** Songwriters and performers: names and roles, at least one of each (the server checks the same). */
function CreditsField({ id, credits, disabled, onChange }: { id: string; credits: { name: string; role: CreditRole }[]; disabled: boolean; onChange(credits: { name: string; role: CreditRole }[]): void }) {
  const update = (index: number, change: Partial<{ name: string; role: CreditRole }>) => onChange(credits.map((credit, at) => (at === index ? { ...credit, ...change } : credit)));
  return (
    <fieldset className="release-form__credits" disabled={disabled}>
      <legend>Credits</legend>
      <p className="muted small">Who wrote the song and who performs on the recording: at least one songwriter and one performer. Stores show these credits.</p>
      <ul className="credit-rows">
        {credits.map((credit, index) => (
          <li key={index} className="credit-row">
            <div className="field">
              <label htmlFor={`${id}-name-${index}`}>Credit {index + 1} name</label>
              <InputText id={`${id}-name-${index}`} value={credit.name} maxLength={200} onChange={(event) => update(index, { name: event.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-role-${index}`}>Credit {index + 1} role</label>
              <Dropdown inputId={`${id}-role-${index}`} value={credit.role} options={ROLE_OPTIONS} onChange={(event) => update(index, { role: event.value as CreditRole })} />
            </div>
            <Button
              type="button"
              icon="pi pi-trash"
              text
              severity="danger"
              aria-label={`Remove credit ${index + 1}`}
              onClick={() => onChange(credits.filter((_, at) => at !== index))}
            />
          </li>
        ))}
      </ul>
      <Button type="button" label="Add a credit" icon="pi pi-plus" size="small" outlined onClick={() => onChange([...credits, { name: '', role: 'MainArtist' }])} />
    </fieldset>
  );
}
