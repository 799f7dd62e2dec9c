import path from 'node:path';
import { build } from 'esbuild';
import { appRendererFile } from '#shared/app-render.ts';

/**
 * The shop app's renderer for the server (src/client/app/render-on-server.tsx) as one node
 * module in dist/app-render/, built with the client (its sources are the app's). The
 * packages stay in node_modules; stylesheets are the browser's, the server only links them.
 */
export async function buildAppRenderer(root: string, distDir = path.join(root, 'dist')): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: ['src/client/app/render-on-server.tsx'],
    outfile: path.join(distDir, appRendererFile),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
}
