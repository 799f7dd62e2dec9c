/**
 * The one script of the marketing pages: mounts the widgets the page contains
 * (docs/islands.md). The site's stylesheet is a build entry of its own (vite.config.ts).
 */
import { mountIslands } from './mount.tsx';
import { registry } from './registry.ts';

void mountIslands(registry);
