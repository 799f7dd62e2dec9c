import type { Db } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import { forEveryLanguage } from '#shared/every-language.ts';
import { isLanguage, languages, type Language } from '#shared/locales.ts';
import { appPaths, appUrl, downloadableCoverPath, downloadableFilePath } from '#shared/paths.ts';
import { downloadLinkValidDays, type Downloadable, type DownloadLinkProblem, type DownloadLinkQuery, type DownloadRequest } from '#shared/schemas/downloadables.ts';
import type { FormMessagesResponse } from '#shared/schemas/forms.ts';
import type { PublicFormService } from '../forms/public-form.service.ts';
import { checkLink, signedLinkQuery } from './download-links.ts';
import { downloadMail } from './download.mails.ts';
import * as repo from './downloadables.repository.ts';

const day = 24 * 60 * 60 * 1000;

const notFound = () => new AppError('notFound', 'error.downloadable.notFound');

/** A text of the item in `language`, else in the other language (an item staff filled in only one). */
function textIn(texts: Record<string, string>, language: Language): string {
  return texts[language] ?? languages.map((other) => texts[other]).find((text) => text !== undefined) ?? '';
}

/** The language of the file to send: the asked one when the item has it, else the first it has (en-US first). */
function fileLanguage(files: repo.FileFacts[], language: Language): repo.FileFacts | undefined {
  return files.find((file) => file.language === language) ?? languages.map((other) => files.find((file) => file.language === other)).find(Boolean);
}

/** What a download link leads to: the file, or the item's page with the reason the link was refused. */
export type DownloadAnswer = { kind: 'file'; file: repo.FileContent } | { kind: 'refused'; problem: DownloadLinkProblem; pagePath: string };

/**
 * Downloadable content (docs/product/downloadables.md): the description of an item, its
 * cover, the request form that mails a signed link, and the download behind that link.
 */
export function createDownloadablesService(deps: {
  db: Db;
  /** The steps every public form shares: captcha, contact, consent, newsletter, mails. */
  forms: Pick<PublicFormService, 'submit'>;
  /** The shop's public address, for the link in the mail. */
  publicUrl: string;
  /** Signs the download links (SECRET_KEY). */
  secretKey: string;
}) {
  const { db, forms, publicUrl, secretKey } = deps;

  /** The item with its files; 404 when it is unknown or has no file. */
  async function findItem(executor: Db, code: string): Promise<{ item: repo.DownloadableRow; files: repo.FileFacts[] }> {
    const item = await repo.findDownloadable(executor, code);
    if (!item) throw notFound();
    const files = await repo.listFiles(executor, code);
    if (files.length === 0) throw notFound();
    return { item, files };
  }

  return {
    /** GET /downloadables/by-code/{code}?language=: title, description, cover and page count in that language. */
    async describe(code: string, language: Language): Promise<Downloadable> {
      const { item, files } = await findItem(db, code);
      const file = fileLanguage(files, language);
      return {
        code: item.code,
        language,
        title: textIn(item.titles, language),
        description: textIn(item.descriptions, language),
        coverUrl: downloadableCoverPath(item.code, language),
        pageCount: file?.pageCount ?? 0,
      };
    },

    /** GET /downloadables/by-code/{code}/cover.svg?language=: the cover in that language (else in the language the item has). */
    async cover(code: string, language: Language): Promise<string> {
      const { files } = await findItem(db, code);
      const file = fileLanguage(files, language);
      const svg = file && (await repo.findCover(db, code, file.language));
      if (!svg) throw notFound();
      return svg;
    },

    /**
     * POST /downloadables/by-code/{code}/subscriptions/: mails a signed link to the file, in
     * the visitor's language (`preferredLanguage`, else the request's), valid 7 days. An
     * unknown item is refused first (404). Then the steps of every public form, in one
     * transaction: the captcha (left unspent when the request is refused), the person as a
     * contact with their DATA_PRIVACY consent (source DOWNLOAD), the newsletter's double
     * opt-in when the box is ticked, and the mail. Every request sends a fresh link.
     */
    async requestLink(code: string, form: DownloadRequest, requestLanguage: Language): Promise<FormMessagesResponse> {
      const language = form.preferredLanguage ?? requestLanguage;
      await findItem(db, code);
      const { checked: found } = await forms.submit({
        source: 'DOWNLOAD',
        captcha: { solution: form.captchaSolution, family: 'forms' },
        person: form,
        language,
        newsletter: form.newsletterEnabled === true ? {} : undefined,
        check: async (tx) => {
          const { item, files } = await findItem(tx, code);
          const file = fileLanguage(files, language);
          if (!file) throw notFound();
          return { item, file };
        },
        mails: ({ checked: { item, file } }) => {
          const expiresAt = new Date(Date.now() + downloadLinkValidDays * day);
          const claims = { code, language: file.language as Language, expires: Math.floor(expiresAt.getTime() / 1000) };
          return [
            {
              to: form.email,
              ...downloadMail({
                language,
                firstName: form.firstName,
                title: textIn(item.titles, language),
                link: `${publicUrl}${downloadableFilePath(code)}?${signedLinkQuery(secretKey, claims)}`,
                pageUrl: `${publicUrl}${appUrl(appPaths.downloadableContent(code, language))}`,
                expiresAt,
                validDays: downloadLinkValidDays,
              }),
            },
          ];
        },
      });
      const confirmation = (to: Language) =>
        translate(to, 'downloadables.confirmation', { title: textIn(found.item.titles, to), email: form.email, days: downloadLinkValidDays });
      return { messages: [{ translations: forEveryLanguage(confirmation) }] };
    },

    /**
     * GET /downloadables/by-code/{code}/file?language=&expires=&signature=: the file when
     * the link is valid; otherwise (changed, expired, made for another item or language,
     * or the item or its file is gone) the item's page with the reason, where a fresh
     * link can be requested.
     */
    async download(code: string, query: DownloadLinkQuery, requestLanguage: Language): Promise<DownloadAnswer> {
      const pageLanguage = isLanguage(query.language) ? query.language : requestLanguage;
      const refuse = (problem: DownloadLinkProblem): DownloadAnswer => ({
        kind: 'refused',
        problem,
        pagePath: `${appUrl(appPaths.downloadableContent(code, pageLanguage))}?link=${problem}`,
      });
      const check = checkLink(secretKey, code, query, new Date());
      if (!check.valid) return refuse(check.problem);
      const file = await repo.findFile(db, code, check.language);
      return file ? { kind: 'file', file } : refuse('invalid');
    },
  };
}

export type DownloadablesService = ReturnType<typeof createDownloadablesService>;
