// The owner's identifiers editor in a work's details: ISRC, ISWC, ISNI and UPC,
// saved with PUT /api/works/:id/identifiers. The server validates format, check digit and
// uniqueness; its refusal is shown word for word, since it names the identifier and why.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import { IDENTIFIER_TYPES, type IdentifierType, type SetIdentifiersRequest, type Work } from '../../../../../domain/contracts/registry';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useSetIdentifiers } from '../api/works';
import { IDENTIFIER_LABELS } from '../registry-search';

const PLACEHOLDERS: Record<IdentifierType, string> = {
  isrc: 'e.g. US-S1Z-99-00001',
  iswc: 'e.g. T-034.524.680-1',
  isni: 'e.g. 0000 0001 2145 1209',
  upc: 'e.g. 036000291452',
};

/** What to send: a blank field clears its identifier (null), the rest are sent as typed. */
export function identifiersRequest(values: Record<IdentifierType, string>): SetIdentifiersRequest {
  return Object.fromEntries(IDENTIFIER_TYPES.map((type) => [type, values[type].trim() === '' ? null : values[type].trim()])) as SetIdentifiersRequest;
}

export function IdentifiersEditor({ work }: { work: Work }) {
  const toast = useToast();
  const save = useSetIdentifiers();
  const baseId = useId();
  const [values, setValues] = useState<Record<IdentifierType, string>>(() => ({
    isrc: work.identifiers.isrc ?? '',
    iswc: work.identifiers.iswc ?? '',
    isni: work.identifiers.isni ?? '',
    upc: work.identifiers.upc ?? '',
  }));

  const submit = () =>
    save.mutate(
      { workId: work.id, identifiers: identifiersRequest(values) },
      { onSuccess: () => toast.show({ severity: 'success', summary: 'Identifiers saved', detail: `The identifiers of "${work.title}" are saved.` }) },
    );

  return (
    <form
      className="registry-identifiers-editor"
      aria-label="Edit identifiers"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h4>Your identifiers</h4>
      <p className="muted small">Only you, the owner, can set these. Each is checked for its format and check digit, and no two works can hold the same one.</p>
      <div className="registry-identifiers-editor__fields">
        {IDENTIFIER_TYPES.map((type) => (
          <div className="field" key={type}>
            <label htmlFor={`${baseId}-${type}`}>{IDENTIFIER_LABELS[type]}</label>
            <InputText
              id={`${baseId}-${type}`}
              value={values[type]}
              placeholder={PLACEHOLDERS[type]}
              maxLength={25}
              onChange={(event) => setValues((current) => ({ ...current, [type]: event.target.value }))}
            />
          </div>
        ))}
      </div>
      {save.isError && <Message severity="error" text={errorMessage(save.error, 'The identifiers could not be saved')} />}
      <div className="button-row">
        <Button type="submit" label={save.isPending ? 'Saving...' : 'Save identifiers'} icon="pi pi-save" disabled={save.isPending} />
      </div>
    </form>
  );
}
