/** The types of scripts/build-stamp.mjs, which is plain JavaScript so that `npm start` needs no TypeScript loader. */

/** The two parts of a build: the client's bundles and pages, and the server's bundle. */
export type BuildPart = 'client' | 'server';

export type SourcesHashes = Record<BuildPart, string>;

export function sourcesHashes(root: string, year?: number): SourcesHashes;
export function staleParts(root: string, hashes?: SourcesHashes): BuildPart[];
export function writeStamp(root: string, part: BuildPart, hash: string): void;
export function removeStamp(root: string, part: BuildPart): void;
export function withBuildLock<T>(root: string, build: () => Promise<T>): Promise<T>;
