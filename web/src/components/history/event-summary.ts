// Readable lines for a recorded event in the history views (a dispute's, a track's): the event's
// type in words, who did it by name (the user ids in the actors are matched to the names the events
// themselves carry), and a short summary of its facts. The raw JSON stays a click away in the view.

export interface SummarisedEvent {
  type: string;
  actor: string;
  data: unknown;
}

/** "DisputeAnswered" → "Dispute answered". */
export function eventTitle(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2').split(' ');
  return words.map((word, index) => (index === 0 || /^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase())).join(' ');
}

/** Every user id the events name with a name beside it ({ userId, name } objects, ownerId with ownerName). */
export function namesOf(events: readonly SummarisedEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, depth + 1));
    const record = value as Record<string, unknown>;
    if (typeof record.userId === 'string' && typeof record.name === 'string') names.set(record.userId, record.name);
    if (typeof record.ownerId === 'string' && typeof record.ownerName === 'string') names.set(record.ownerId, record.ownerName);
    for (const child of Object.values(record)) visit(child, depth + 1);
  };
  for (const event of events) visit(event.data, 0);
  return names;
}

/** Who did it: a user by name, the platform for a system actor ("GOOSE (dispute deadline)"). */
export function actorName(actor: string, names: ReadonlyMap<string, string>): string {
  const [kind, ...rest] = actor.split(':');
  const id = rest.join(':');
  if (kind === 'user' && id) return names.get(id) ?? `user ${id.slice(0, 8)}`;
  if (kind === 'system' || kind === 'workflow' || actor === 'workflow') return `GOOSE (${(id || actor).replace(/[-_]/g, ' ')})`;
  return actor;
}

/** The facts worth a line, in this order, when the event has them as text, numbers or yes/no. */
const SUMMARY_FIELDS = ['subject', 'title', 'workTitle', 'from', 'to', 'status', 'outcome', 'message', 'reason', 'note', 'details', 'description', 'amountCents', 'payoutsFrozen', 'licensingFrozen'] as const;
const MAX_SUMMARY = 200;

/** A one-line summary of the event's facts, e.g. "from open → investigating · message: It is mine". */
export function eventSummary(data: unknown): string {
  if (data === null || typeof data !== 'object') return '';
  const record = data as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof record.from === 'string' && typeof record.to === 'string') parts.push(`${record.from} → ${record.to}`);
  for (const field of SUMMARY_FIELDS) {
    if (field === 'from' || field === 'to') continue;
    const value = record[field];
    if (field === 'amountCents' && typeof value === 'number') parts.push(`$${(value / 100).toFixed(2)}`);
    else if (typeof value === 'string' && value.trim() !== '') parts.push(`${field}: ${value}`);
    else if (typeof value === 'number' || typeof value === 'boolean') parts.push(`${field}: ${value === true ? 'yes' : value === false ? 'no' : value}`);
  }
  const text = parts.join(' · ');
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text;
}
