// The sentence a check that found nothing reads, wherever it is shown (report, toasts, assistant):
// "No match among …" with what the server says it searched, never a bare "cleared".
import { noMatchSentence } from '../../../../domain/contracts/copyright-sources';
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';

export function noMatchText(check: Pick<CopyrightCheck, 'searched' | 'searchedDescription'>): string {
  return check.searchedDescription ? `No match among ${check.searchedDescription}.` : noMatchSentence(check.searched);
}
