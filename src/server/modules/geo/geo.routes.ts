import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { countrySchema, languageQuerySchema } from '#shared/schemas/common.ts';
import { z } from 'zod';
import type { GeoService } from './geo.service.ts';

export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService }> = async (app, options) => {
  const { geo } = options;

  app.get(
    '/api/country/',
    {
      schema: {
        summary: 'Every ISO country with its name in the request language and its phone code',
        querystring: languageQuerySchema,
        response: { 200: z.array(countrySchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600').header('vary', 'accept-language, cookie');
      return geo.listCountries(requestLanguage(request));
    },
  );

  app.get(
    '/api/geolocation/whereami/country',
    {
      schema: {
        summary: "The visitor's country, from the client address (offline GeoIP), else Accept-Language, else CH",
        querystring: languageQuerySchema,
        response: { 200: countrySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return geo.locateVisitor(request.ip, request.headers['accept-language'], requestLanguage(request));
    },
  );
};
