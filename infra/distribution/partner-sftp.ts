// One SFTP session with the delivery partner per piece of work (a delivery, a look at the
// acknowledgements, a read of the reporting folder): connect, work, close. A partner that cannot be
// reached raises PartnerUnreachable, which the release workflow retries and /operations shows.
import { createHash } from 'node:crypto';
import SftpClient from 'ssh2-sftp-client';
import type { DeliveryPartnerConfig } from './partner-config';

/** The partner's SFTP server could not be reached or dropped the session. */
export class PartnerUnreachable extends Error {
  constructor(partnerName: string, cause: unknown) {
    super(`The delivery partner ${partnerName} could not be reached over SFTP: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'PartnerUnreachable';
  }
}

export type PartnerSftp = SftpClient;

export async function withPartnerSftp<T>(partner: DeliveryPartnerConfig, work: (sftp: PartnerSftp) => Promise<T>): Promise<T> {
  const sftp = new SftpClient(`goose-${partner.id}`);
  try {
    await sftp.connect({
      host: partner.sftp.host,
      port: partner.sftp.port,
      username: partner.sftp.username,
      privateKey: partner.sftp.privateKey,
      readyTimeout: 15_000,
      // The workflow retries with its own backoff; the client's retries would only hide an outage.
      retries: 0,
      ...(partner.sftp.hostKeySha256 ? { hostVerifier: (key: Buffer) => createHash('sha256').update(key).digest('base64').replace(/=+$/, '') === partner.sftp.hostKeySha256!.replace(/=+$/, '') } : {}),
    });
  } catch (error) {
    await sftp.end().catch(() => undefined);
    throw new PartnerUnreachable(partner.name, error);
  }
  try {
    return await work(sftp);
  } catch (error) {
    if (isConnectionLoss(error)) throw new PartnerUnreachable(partner.name, error);
    throw error;
  } finally {
    await sftp.end().catch(() => undefined);
  }
}

/** ssh2 and ssh2-sftp-client report a dropped session with these codes or words. */
function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' && ['ECONNRESET', 'ECONNREFUSED', 'ERR_NOT_CONNECTED', 'ERR_GENERIC_CLIENT', 'EPIPE', 'ETIMEDOUT'].includes(code)) || /No SFTP connection|Connection lost|not connected|ECONNRESET|end:|close:/i.test(error.message);
}
