// The request and response shapes of /api/support/agent, from the shared contract
// (domain/contracts/support.ts).
export {
  agentFeedbackBodySchema,
  agentFeedbackResponseSchema,
  agentHandoffBodySchema,
  agentHandoffResponseSchema,
  askAgentBodySchema,
  askAgentResponseSchema,
} from '../../../domain/contracts/support';
export { idParams } from '../shared-schemas';
