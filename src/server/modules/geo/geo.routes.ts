import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { geoCalls } from '#shared/contract/geo.ts';
import type { GeoService } from './geo.service.ts';

export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService }> = async (app, options) => {
  const { geo } = options;

  registerCall(app, geoCalls.countries, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').header('vary', 'accept-language, cookie');
    return geo.listCountries(requestLanguage(request));
  });

  registerCall(app, geoCalls.visitorCountry, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return geo.locateVisitor(request.ip, request.headers['accept-language'], requestLanguage(request));
  });
};
