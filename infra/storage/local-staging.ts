// Where an upload lands while its request is checked: staging/ under the process's data folder,
// the same for both storage adapters (the object store takes a staged file over from there).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { checkedName } from './storage';

export abstract class LocalStaging {
  readonly stagingDir: string;

  constructor(readonly root: string) {
    this.stagingDir = path.join(root, 'staging');
  }

  /** A fresh path in staging for an incoming upload. */
  newStagingPath(): { name: string; path: string } {
    const name = `${randomUUID()}.part`;
    return { name, path: path.join(this.stagingDir, name) };
  }

  stagingPath(name: string): string {
    return path.join(this.stagingDir, checkedName(name));
  }
}
