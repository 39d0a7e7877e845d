// Path parameters of the royalty receiver and invitation routes; the bodies and answers are the
// shared contracts in domain/contracts/royalties.ts.
import { z } from 'zod';

export const invitationParamsSchema = z.object({ token: z.string().max(200) });
