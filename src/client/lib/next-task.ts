/**
 * Settles in a later task: what follows it runs after the browser has had its turn (a
 * paint, the visitor's input), so that starting a page is several short tasks rather than
 * one long one.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
