// Entry of the invoice-rendering thread. Worker threads do not inherit tsx's module
// hooks, so they are registered here before the TypeScript module is loaded.
import { register } from 'tsx/esm/api';

register();
await import('./invoice-thread-main.ts');
