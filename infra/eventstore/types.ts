export type { EventMetadata, NewEvent } from '../../domain/shared/events';
export type { ExpectedVersion as ExpectedVersionLike } from '../../domain/shared/errors';
