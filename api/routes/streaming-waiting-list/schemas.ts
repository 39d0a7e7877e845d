// Request and response schemas of the streaming waiting-list routes, from domain/contracts/waiting-list.ts.
export {
  confirmWaitingListRequestSchema,
  confirmWaitingListResponseSchema,
  joinWaitingListRequestSchema,
  joinWaitingListResponseSchema,
  waitingListStatsResponseSchema,
  waitingListStatusResponseSchema,
} from '../../../domain/contracts/waiting-list';
