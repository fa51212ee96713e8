// What the session router's procedure files share: their OpenAPI tag and the empty input.
import { z } from 'zod';

export const tags = ['session'];
// Optional, so the client calls these with no input at all.
export const noInput = z.object({}).optional();
