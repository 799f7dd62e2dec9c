export const forms = {
} as const;
