import { defaultLanguage, languages } from '#shared/locales.ts';
import { sitePages, sitePath } from '#shared/paths.ts';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Every page in both languages, each listing all language versions (and x-default) as alternates. */
export function buildSitemap(baseUrl: string): string {
  const urls = sitePages.flatMap((page) =>
    languages.map((language) => {
      const alternates = [
        ...languages.map((alternate) => ({ hreflang: alternate, href: `${baseUrl}${sitePath(alternate, page)}` })),
        { hreflang: 'x-default', href: `${baseUrl}${sitePath(defaultLanguage, page)}` },
      ];
      return [
        '  <url>',
        `    <loc>${escapeXml(`${baseUrl}${sitePath(language, page)}`)}</loc>`,
        ...alternates.map(
          ({ hreflang, href }) =>
            `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
        ),
        '  </url>',
      ].join('\n');
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function buildRobotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /app/', 'Disallow: /api/', '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join(
    '\n',
  );
}
