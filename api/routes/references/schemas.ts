// Schemas of the reference catalogue routes, built from the references contract.
import { z } from 'zod';

export {
  referenceDeliveryDetailSchema,
  referenceDeliveryListSchema,
  referenceListQuerySchema,
  referenceListSchema,
  referenceRemovedSchema,
  sftpDeliveryRequestSchema,
} from '../../../domain/contracts/references';
export { idParams } from '../shared-schemas';
import { referenceDeliverySchema } from '../../../domain/contracts/references';

export const deliveryStartedSchema = z.object({ delivery: referenceDeliverySchema });

/** The multipart form of an upload delivery, for the OpenAPI document (the parts are read as streams). */
export const deliveryFormSchema = z.object({
  recordings: z.array(z.string().meta({ format: 'binary' })).describe('The audio files, one part each, named as the CSV names them'),
  csv: z.string().meta({ format: 'binary' }).describe('The CSV of metadata: file,title,artist,isrc,owner,territories'),
});
