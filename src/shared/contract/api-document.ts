import { z } from 'zod';
import type { Calls } from '../contract.ts';

/** The OpenAPI document of the API (src/server/plugins/api-document.ts). */
export const apiDocumentCalls = {
  document: {
    method: 'GET',
    path: '/docs',
    answer: z.unknown().describe('The OpenAPI 3 document (JSON)'),
    summary: 'This document: every call of the API with its schemas, error answers and credentials',
  },
} as const satisfies Calls;
