/**
 * The one script of the marketing pages: mounts the widgets the page contains
 * (docs/islands.md). The site stylesheet is imported here so that vite emits it as this
 * entry's CSS, which the prerender links from every page.
 */
import '../../site/styles/site.css';
import { mountIslands } from './mount.tsx';
import { registry } from './registry.ts';

void mountIslands(registry);
