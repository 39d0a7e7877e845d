// Which FAQ entries a search and a category choice keep: every word of the search must appear in
// the question or the answer (case and accents ignored), so adding a word narrows the list.
import type { FaqCategory, FaqEntry } from '../../../../../domain/contracts/knowledge';

export type CategoryChoice = FaqCategory['id'] | 'all';

function folded(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export function entryMatches(entry: FaqEntry, search: string): boolean {
  const words = folded(search).split(/\s+/).filter(Boolean);
  const haystack = folded(`${entry.question}\n${entry.answer}`);
  return words.every((word) => haystack.includes(word));
}

export function filterFaq(categories: FaqCategory[], choice: CategoryChoice, search: string): FaqCategory[] {
  return categories
    .filter((category) => choice === 'all' || category.id === choice)
    .map((category) => ({ ...category, entries: category.entries.filter((entry) => entryMatches(entry, search)) }))
    .filter((category) => category.entries.length > 0);
}
