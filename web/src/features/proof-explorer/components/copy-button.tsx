// A copy button beside a hash, key or id: toasts "Copied!" naming the item, or
// "Copy failed" / "Could not copy to clipboard".
import { Button } from 'primereact/button';
import { useToast } from '../../../components/ui/toast';
import { copyToClipboard } from '../proof-search';

export function CopyButton({ text, itemName }: { text: string; itemName: string }) {
  const toast = useToast();
  return <Button type="button" icon="pi pi-copy" rounded text size="small" aria-label={`Copy ${itemName}`} onClick={() => void copyToClipboard(text, itemName, toast.show)} />;
}

/** A value in code type with its copy button. */
export function Copyable({ text, itemName }: { text: string; itemName: string }) {
  return (
    <span className="proof-copyable">
      <code>{text}</code>
      <CopyButton text={text} itemName={itemName} />
    </span>
  );
}
