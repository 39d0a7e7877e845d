// The upload tab: pick or drop a file, say what it is, and send it
// into the track workflow. Uploading stores the work only; the button says so, and the panel and
// its side cards say the copyright check and the registration are the next steps.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { FileUpload, type FileUploadHeaderTemplateOptions, type ItemTemplateOptions } from 'primereact/fileupload';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { ProgressBar } from 'primereact/progressbar';
import { RadioButton } from 'primereact/radiobutton';
import { Slider } from 'primereact/slider';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  CONTENT_TYPES,
  MAX_UPLOAD_BYTES,
  ROYALTY_SPLIT_DEFAULT,
  ROYALTY_SPLIT_MAX,
  ROYALTY_SPLIT_MIN,
  type ContentType,
} from '../../../../../domain/constants';
import type { User } from '../../../../../domain/contracts/auth';
import { uploadFieldsSchema } from '../../../../../domain/contracts/vault';
import { CONTENT_TYPE_DISPLAY } from '../../../components/ui/content-type-icon';
import { PanelTitle } from '../../../components/ui/panel-title';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { fileExtension, formatBytes } from '../../../lib/format';
import { ROYALTY_SPLIT_NOTE } from '../../../lib/distribution/labels';
import { ACCEPT, ACCEPTED_SUMMARY, contentTypeFor } from '../accepted-formats';
import { useUploadContent } from '../api/upload-content';
import { UploadSideCards } from './upload-side-cards';

const ROYALTY_PAGE_STEP = 10;
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;

export function UploadPanel({ user }: { user: User }) {
  const toast = useToast();
  const fileUploadRef = useRef<FileUpload>(null);
  const [file, setFile] = useState<File | null>(null);
  const [contentType, setContentType] = useState<ContentType>('music');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [royaltySplit, setRoyaltySplit] = useState(ROYALTY_SPLIT_DEFAULT);
  const [progress, setProgress] = useState(0);
  const upload = useUploadContent({ onProgress: setProgress });
  const uploading = upload.isPending;

  const chooseFile = (chosen: File | undefined) => {
    if (!chosen) return;
    const inferred = contentTypeFor(chosen.name);
    if (!inferred) {
      fileUploadRef.current?.clear();
      setFile(null);
      toast.show({
        severity: 'error',
        summary: 'Unsupported file type',
        detail: `"${chosen.name}" is none of the accepted formats. ${ACCEPTED_SUMMARY}.`,
      });
      return;
    }
    setFile(chosen);
    setContentType(inferred);
    const extension = fileExtension(chosen.name);
    if (!title.trim()) setTitle(chosen.name.slice(0, chosen.name.length - extension.length).slice(0, TITLE_MAX));
  };

  const reset = () => {
    fileUploadRef.current?.clear();
    setFile(null);
    setTitle('');
    setDescription('');
    setContentType('music');
    setRoyaltySplit(ROYALTY_SPLIT_DEFAULT);
    setProgress(0);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      toast.show({ severity: 'error', summary: 'Upload failed', detail: 'No file selected' });
      return;
    }
    const fields = uploadFieldsSchema.safeParse({
      title,
      description,
      contentType,
      royaltySplit,
      metadata: JSON.stringify({ originalName: file.name, size: file.size, type: file.type }),
    });
    if (!fields.success) {
      toast.show({ severity: 'error', summary: 'Upload failed', detail: fields.error.issues[0]?.message ?? 'Check the form' });
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, title, description, contentType, royaltySplit },
      {
        onSuccess: () => {
          toast.show({
            severity: 'success',
            summary: 'Upload successful',
            detail: `"${fields.data.title}" is in your vault. Its intake (receive, store, probe) is running now.`,
          });
          reset();
        },
        onError: (error) => {
          setProgress(0);
          toast.show({ severity: 'error', summary: 'Upload failed', detail: errorMessage(error, 'Upload failed') });
        },
      },
    );
  };

  // Shift + arrow keys move the split by the page step, like Page Up / Page Down do.
  const onSliderKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!event.shiftKey) return;
    const direction = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -1 : 0;
    if (direction === 0) return;
    event.preventDefault();
    event.stopPropagation();
    setRoyaltySplit((current) => Math.min(ROYALTY_SPLIT_MAX, Math.max(ROYALTY_SPLIT_MIN, current + direction * ROYALTY_PAGE_STEP)));
  };

  const canSubmit = Boolean(file) && title.trim().length > 0 && !uploading;

  return (
    <section className="upload-panel" aria-labelledby="upload-title-heading">
      <Card className="upload-panel__form-card">
        <PanelTitle id="upload-title-heading" icon="pi-cloud-upload">
          Upload Content
        </PanelTitle>
        <p className="muted">
          Upload your AI-assisted work to your vault, up to {formatBytes(MAX_UPLOAD_BYTES)}. A video can also be uploaded as music: its
          soundtrack is what is mastered and checked.
        </p>
        <p className="muted">
          Uploading stores your work; it does not check or register it. The copyright check and the registration are the next steps, from the
          Copyright Oracle tab once the upload is in your vault.
        </p>
        <form onSubmit={submit} noValidate className="upload-form">
          <FileUpload
            ref={fileUploadRef}
            name="file"
            mode="advanced"
            customUpload
            multiple={false}
            accept={ACCEPT}
            maxFileSize={MAX_UPLOAD_BYTES}
            disabled={uploading}
            chooseLabel="Choose file"
            chooseOptions={{ icon: 'pi pi-folder-open' }}
            invalidFileSizeMessageSummary="{0}: file too large,"
            invalidFileSizeMessageDetail="the limit is {0}."
            onSelect={(event) => chooseFile(event.files[0])}
            onRemove={() => setFile(null)}
            onClear={() => setFile(null)}
            headerTemplate={(options: FileUploadHeaderTemplateOptions) => (
              <div className={options.className}>
                {options.chooseButton}
                <span className="muted upload-drop__hint">or drop a file below</span>
              </div>
            )}
            itemTemplate={(chosen: object, options: ItemTemplateOptions) => {
              const selected = chosen as File;
              return (
                <div className="selected-file">
                  <i className={`pi ${CONTENT_TYPE_DISPLAY[contentTypeFor(selected.name) ?? 'text'].icon}`} aria-hidden="true" />
                  <div className="selected-file__text">
                    <span className="selected-file__name">{selected.name}</span>
                    <span className="muted">{formatBytes(selected.size)}</span>
                  </div>
                  <Button
                    type="button"
                    icon="pi pi-times"
                    rounded
                    text
                    severity="danger"
                    aria-label={`Remove ${selected.name}`}
                    disabled={uploading}
                    onClick={(event) => options.onRemove(event)}
                  />
                </div>
              );
            }}
            emptyTemplate={
              <div className="upload-drop">
                <i className="pi pi-cloud-upload upload-drop__icon" aria-hidden="true" />
                <p>Drag and drop your file here</p>
                <p className="muted">{ACCEPTED_SUMMARY}</p>
              </div>
            }
            pt={{
              chooseButton: { role: 'button', 'aria-label': 'Choose file' },
              input: { 'aria-label': 'File to upload' },
            }}
          />

          <fieldset className="field content-type-field" disabled={uploading}>
            <legend>Content type</legend>
            <div className="radio-row">
              {CONTENT_TYPES.map((type) => (
                <div key={type} className="radio-option">
                  <RadioButton
                    inputId={`content-type-${type}`}
                    name="contentType"
                    value={type}
                    checked={contentType === type}
                    onChange={(event) => setContentType(event.value as ContentType)}
                  />
                  <label htmlFor={`content-type-${type}`}>
                    <i className={`pi ${CONTENT_TYPE_DISPLAY[type].icon}`} aria-hidden="true" /> {CONTENT_TYPE_DISPLAY[type].label}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>

          <div className="field">
            <label htmlFor="upload-title">Title</label>
            <InputText
              id="upload-title"
              value={title}
              maxLength={TITLE_MAX}
              disabled={uploading}
              placeholder="Name of your work"
              onChange={(event) => setTitle(event.target.value)}
            />
          </div>

          <div className="field">
            <label htmlFor="upload-description">Description</label>
            <InputTextarea
              id="upload-description"
              value={description}
              rows={3}
              autoResize
              maxLength={DESCRIPTION_MAX}
              disabled={uploading}
              placeholder="How it was made, collaborators, anything worth keeping with it (optional)"
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>

          <div className="field">
            <div className="field__label-row">
              <label id="royalty-split-label" htmlFor="royalty-split">
                Royalty split
              </label>
              <span className="royalty-value" aria-hidden="true">
                {royaltySplit}%
              </span>
            </div>
            <div onKeyDownCapture={onSliderKeyDown}>
              <Slider
                id="royalty-split"
                value={royaltySplit}
                min={ROYALTY_SPLIT_MIN}
                max={ROYALTY_SPLIT_MAX}
                step={1}
                disabled={uploading}
                aria-labelledby="royalty-split-label"
                aria-valuetext={`${royaltySplit}%`}
                onChange={(event) => setRoyaltySplit(Array.isArray(event.value) ? (event.value[0] ?? ROYALTY_SPLIT_DEFAULT) : event.value)}
              />
            </div>
            <small className="muted">
              {ROYALTY_SPLIT_MIN}–{ROYALTY_SPLIT_MAX}%. {ROYALTY_SPLIT_NOTE} Page Up / Page Down or Shift + arrows move by 10.
            </small>
          </div>

          {uploading && (
            <div className="upload-progress" aria-live="polite">
              <ProgressBar value={progress} aria-label="Upload progress" />
              <small className="muted">{progress < 100 ? `Uploading… ${progress}%` : 'Upload sent, waiting for the server to accept it…'}</small>
            </div>
          )}

          <Button
            type="submit"
            label="Upload"
            icon="pi pi-cloud-upload"
            loading={uploading}
            disabled={!canSubmit}
            className="upload-form__submit"
          />
        </form>
      </Card>
      <UploadSideCards user={user} />
    </section>
  );
}
