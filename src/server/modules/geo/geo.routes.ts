import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '#server/http/language.ts';
import { listCountries } from './countries.ts';
import { locateVisitor } from './whereami.ts';

export async function geoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/country/', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').header('vary', 'accept-language, cookie');
    return listCountries(requestLanguage(request));
  });

  app.get('/api/geolocation/whereami/country', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return locateVisitor(request.ip, request.headers['accept-language'], requestLanguage(request));
  });
}
