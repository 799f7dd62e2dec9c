import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { downloadableFiles, downloadables } from '#server/modules/downloadables/downloadables.schema.ts';

const d = downloadables;
const f = downloadableFiles;

export type DownloadableRow = typeof downloadables.$inferSelect;

/** A file's facts without its content (a list, a description). */
export interface FileFacts {
  language: string;
  fileName: string;
  pageCount: number;
}

/** What a download answers: the file's name, type and bytes. */
export interface FileContent {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export async function findDownloadable(db: Db, code: string): Promise<DownloadableRow | undefined> {
  const [row] = await db.select().from(d).where(eq(d.code, code));
  return row;
}

/** The languages the item has a file in, with each file's name and page count. */
export async function listFiles(db: Db, code: string): Promise<FileFacts[]> {
  return db.select({ language: f.language, fileName: f.fileName, pageCount: f.pageCount }).from(f).where(eq(f.code, code));
}

export async function findFile(db: Db, code: string, language: string): Promise<FileContent | undefined> {
  const [row] = await db
    .select({ fileName: f.fileName, contentType: f.contentType, content: f.content })
    .from(f)
    .where(and(eq(f.code, code), eq(f.language, language)));
  return row;
}

export async function findCover(db: Db, code: string, language: string): Promise<string | undefined> {
  const [row] = await db
    .select({ coverSvg: f.coverSvg })
    .from(f)
    .where(and(eq(f.code, code), eq(f.language, language)));
  return row?.coverSvg;
}
