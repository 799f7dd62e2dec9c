import type { forms as reference } from '../en-US/forms.ts';

export const forms = {
} satisfies Record<keyof typeof reference, string>;
