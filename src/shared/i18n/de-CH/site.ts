import type { site as reference } from '../en-US/site.ts';

export const site = {
} satisfies Record<keyof typeof reference, string>;
