// What the resumable upload routes need of their store beside tus's own protocol, whichever store
// keeps the parts (@tus/file-store on the disk, @tus/s3-store with object storage).
import type { DataStore, Upload } from '@tus/server';

/** What the routes need beside tus's own protocol: an upload's record (owner, fields, track), its finished bytes, and marking it accepted. */
export interface ResumableUploads {
  datastore: DataStore;
  /** The upload's record with the form's fields and owner; metadata.trackId once accepted. */
  record(id: string): Promise<Upload | undefined>;
  markAccepted(id: string, recorded: Upload, metadata: Record<string, string | null>): Promise<void>;
  copyFinished(upload: Upload, to: string): Promise<void>;
}
